import { petStatuses } from '../../spec/schemas.ts'
import type { Pet, PetStatus } from '../../spec/types.ts'
import type { ContractClient } from '../client/contract-client.ts'
import { isPet, type SuiteData } from '../model/suite-data.ts'

/** How many pets of each status the scenarios need (the status filter is checked with a limit below it). */
export const perStatus = 7
/** Pets without status the run always creates: no filter can count those a big store already holds. */
export const withoutStatus = 3

/**
 * Gets the target ready for the scenarios, the same way whatever it already holds: reads how many pets of each
 * status there are (a filtered list each, never the first page of a big store), then, unless read-only, creates
 * what is missing up to `perStatus` (at least one of each status, so every typical value the checks reuse is one
 * this run chose), and a few without status; then reads the first page for the scenarios that read any pet.
 * @example const data = await prepareSuiteData(client)
 */
export async function prepareSuiteData(client: ContractClient): Promise<SuiteData> {
  const runTag = `contract-${Date.now().toString(36)}`
  const first = client.exchanges.length
  const found = Object.fromEntries(
    await Promise.all(
      petStatuses.map(async (status) => [status, await listed(client, `status=${status}&limit=${perStatus}`, status)]),
    ),
  ) as Record<PetStatus, number>
  const created: Array<Pet> = []
  if (!client.readOnly) {
    const plan = [
      ...petStatuses.flatMap((status) => Array.from({ length: Math.max(1, perStatus - found[status]) }, () => status)),
      ...Array.from({ length: withoutStatus }, () => undefined),
    ]
    // Sent side by side (the client bounds how many are in flight), kept in plan order.
    const exchanges = await Promise.all(
      plan.map((status, index) =>
        client.call('createPet', {
          json: { name: `${runTag}-${index}`, categoryId: (index % 5) + 1, ...(status && { status }) },
        }),
      ),
    )
    for (const exchange of exchanges)
      if (exchange.response?.status === 201 && isPet(exchange.response.json)) created.push(exchange.response.json)
  }
  const listing = await client.call('listPets', { query: 'limit=100' })
  const page = Array.isArray(listing.response?.json) ? (listing.response.json as Array<unknown>).filter(isPet) : []
  const statusAtLeast = Object.fromEntries(
    petStatuses.map((status) => [status, found[status] + created.filter((pet) => pet.status === status).length]),
  ) as Record<PetStatus, number>
  return {
    created,
    listed: page,
    totalAtLeast: Math.max(page.length, created.length),
    totalExact: page.length < 100,
    statusAtLeast,
    runTag,
    setupExchanges: client.exchanges.slice(first),
  }
}

/** How many pets of `status` a filtered list holds (a wrong answer is judged by the registry checks, not here). */
async function listed(client: ContractClient, query: string, status: PetStatus): Promise<number> {
  const exchange = await client.call('listPets', { query })
  const body = exchange.response?.json
  return Array.isArray(body) ? body.filter((pet) => isPet(pet) && pet.status === status).length : 0
}
