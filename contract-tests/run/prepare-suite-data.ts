import { petStatuses } from '../../spec/schemas.ts'
import type { Pet, PetStatus } from '../../spec/types.ts'
import type { ContractClient } from '../client/contract-client.ts'
import { setAsideUnanswered } from '../client/transport-failure.ts'
import { isPet, type SuiteData } from '../model/suite-data.ts'

/** How many pets of each status a writing run creates, plus some without status: more than 20 in all. */
export const perStatus = 7
export const withoutStatus = 3

/**
 * Creates the pets the scenarios need (unless read-only), then reads what the target holds.
 * @example const data = await prepareSuiteData(client)
 */
export async function prepareSuiteData(client: ContractClient): Promise<SuiteData> {
  const runTag = `contract-${Date.now().toString(36)}`
  const first = client.exchanges.length
  const created: Array<Pet> = []
  if (!client.readOnly) {
    const plan = [
      ...petStatuses.flatMap((status) => Array.from({ length: perStatus }, () => status)),
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
  const listing = await client.call('listPets', { query: 'limit=100' })
  const listed = Array.isArray(listing.response?.json) ? (listing.response.json as Array<unknown>).filter(isPet) : []
  const statusAtLeast = Object.fromEntries(petStatuses.map((status) => [status, 0])) as Record<PetStatus, number>
  for (const status of petStatuses) {
    const fromListing = listed.filter((pet) => pet.status === status).length
    const fromCreated = created.filter((pet) => pet.status === status).length
    statusAtLeast[status] = Math.max(fromListing, fromCreated)
  }
  const totalExact = listed.length < 100
  return {
    created,
    listed,
    totalAtLeast: Math.max(listed.length, created.length),
    totalExact,
    statusAtLeast,
    runTag,
    setupExchanges: client.exchanges.slice(first),
  }
}
