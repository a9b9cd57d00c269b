import { limitRule, petStatuses } from '../../spec/schemas.ts'
import type { Pet, PetStatus } from '../../spec/types.ts'
import type { ContractClient } from '../client/contract-client.ts'
import { setAsideUnanswered } from '../client/transport-failure.ts'
import { isPet, type SuiteData } from '../shared/suite-data.ts'

/** How many pets of each status the scenarios need (the status filter is checked with a limit below it). */
const perStatus = 7
/** Pets without status the run always creates: no filter can count those a big store already holds. */
const withoutStatus = 3

/**
 * Gets the target ready for the scenarios, the same way whatever it already holds. It reads the first page; for a
 * status that page shows fewer than `perStatus` of while more pets exist (a big store), a filtered list counts them,
 * so nothing depends on what the first page happens to hold. Then, unless read-only, it creates what is missing up
 * to `perStatus` (at least one of each status, so every typical value the checks reuse is one this run chose) and a
 * few pets without status, and reads the first page again.
 * @example const data = await prepareSuiteData(client, 'contract-lq3x9a1')
 */
export async function prepareSuiteData(client: ContractClient, runTag: string): Promise<SuiteData> {
  const first = client.exchanges.length
  const before = await firstPage(client)
  const found = Object.fromEntries(
    await Promise.all(petStatuses.map(async (status) => [status, await countOf(client, before, status)])),
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
        client
          .call('createPet', {
            json: { name: `${runTag}-${index}`, categoryId: (index % 5) + 1, ...(status && { status }) },
          })
          // One create that got no answer makes one pet fewer; the listing below still says what the target holds.
          .catch(setAsideUnanswered),
      ),
    )
    for (const exchange of exchanges)
      if (exchange?.response?.status === 201 && isPet(exchange.response.json)) created.push(exchange.response.json)
  }
  const page = client.readOnly ? before : await firstPage(client)
  const pets = page ?? []
  const statusAtLeast = Object.fromEntries(
    petStatuses.map((status) => [status, found[status] + created.filter((pet) => pet.status === status).length]),
  ) as Record<PetStatus, number>
  return {
    created,
    listed: pets,
    totalAtLeast: Math.max(pets.length, created.length),
    totalExact: pets.length < limitRule.maximum,
    statusAtLeast,
    runTag,
    setupExchanges: client.exchanges.slice(first),
  }
}

/** The pets of `GET /pets?limit=100`, or undefined when the answer is no list (its checks say why). */
async function firstPage(client: ContractClient): Promise<Array<Pet> | undefined> {
  const body = (await client.call('listPets', { query: `limit=${limitRule.maximum}` })).response?.json
  return Array.isArray(body) ? body.filter(isPet) : undefined
}

/**
 * At least how many pets of `status` the target holds, up to `perStatus`: from the first page when it shows enough
 * or is the whole store, else from a filtered list. None when the target answered no list at all.
 */
async function countOf(client: ContractClient, page: Array<Pet> | undefined, status: PetStatus): Promise<number> {
  if (!page) return 0
  const onPage = page.filter((pet) => pet.status === status).length
  if (onPage >= perStatus || page.length < limitRule.maximum) return onPage
  const body = (await client.call('listPets', { query: `status=${status}&limit=${perStatus}` })).response?.json
  const filtered = Array.isArray(body) ? body.filter((pet) => isPet(pet) && pet.status === status).length : 0
  return Math.max(onPage, filtered)
}
