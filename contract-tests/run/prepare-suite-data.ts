import { operations } from '../../spec/operations.ts'
import { isResource, listLimit, type ResourceSpec, resourceList } from '../../spec/resources.ts'
import { petStatuses } from '../../spec/schemas.ts'
import type { Pet, PetStatus } from '../../spec/types.ts'
import type { ContractClient } from '../client/contract-client.ts'
import { setAsideUnanswered } from '../client/transport-failure.ts'
import { requestBodySchema, resolve } from '../generate/spec-parameters.ts'
import { isPet, type Resource, type ResourceData, type SuiteData } from '../shared/suite-data.ts'

/** How many pets of each status the scenarios need (the status filter is checked with a limit below it). */
const perStatus = 7
/** Pets without status the run always creates: no filter can count those a big store already holds. */
const withoutStatus = 3
/** Resources of every other kind the run creates, so that a request naming one names one of its own. */
const perResource = 3
const { maximum } = listLimit('listPets')

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
  const resources: Record<string, ResourceData> = {}
  for (const resource of resourceList)
    resources[resource.creator] =
      resource.list?.operationId === 'listPets'
        ? { created, listed: pets }
        : await prepareResource(client, resource, runTag)
  return {
    resources,
    created,
    listed: pets,
    statusAtLeast,
    runTag,
    setupExchanges: client.exchanges.slice(first),
  }
}

/** The pets of `GET /pets?limit=100`, or undefined when the answer is no list (its checks say why). */
async function firstPage(client: ContractClient): Promise<Array<Pet> | undefined> {
  const body = (await client.call('listPets', { query: `limit=${maximum}` })).response?.json
  return Array.isArray(body) ? body.filter(isPet) : undefined
}

/**
 * At least how many pets of `status` the target holds, up to `perStatus`: from the first page when it shows enough
 * or is the whole store, else from a filtered list. None when the target answered no list at all.
 */
async function countOf(client: ContractClient, page: Array<Pet> | undefined, status: PetStatus): Promise<number> {
  if (!page) return 0
  const onPage = page.filter((pet) => pet.status === status).length
  if (onPage >= perStatus || page.length < maximum) return onPage
  const body = (await client.call('listPets', { query: `status=${status}&limit=${perStatus}` })).response?.json
  const filtered = Array.isArray(body) ? body.filter((pet) => isPet(pet) && pet.status === status).length : 0
  return Math.max(onPage, filtered)
}

/**
 * What the run knows of a kind of resource other than the pets: unless read-only, a few it creates (the creator's
 * sample body, each text field named after the run), then the first page of its list at its largest limit.
 */
async function prepareResource(client: ContractClient, resource: ResourceSpec, runTag: string): Promise<ResourceData> {
  const created: Array<Resource> = []
  if (!client.readOnly) {
    const exchanges = await Promise.all(
      Array.from({ length: perResource }, (_, index) =>
        client
          .call(resource.creator, { json: taggedBody(resource, `${runTag}-${resource.noun}-${index}`) })
          .catch(setAsideUnanswered),
      ),
    )
    for (const exchange of exchanges)
      if (exchange?.response?.status === resource.createdStatus && isResource(resource, exchange.response.json))
        created.push(exchange.response.json as Resource)
  }
  const { list } = resource
  if (!list) return { created, listed: [] }
  const query = list.limit && `${list.limit.parameter}=${list.limit.maximum}`
  const body = (await client.call(list.operationId, { ...(query && { query }) })).response?.json
  const listed = Array.isArray(body) ? body.filter((item) => isResource(resource, item)) : []
  return { created, listed }
}

/** The creator's sample body with each free text field (a string without an enum) set to `tag`. */
function taggedBody(resource: ResourceSpec, tag: string): unknown {
  const sample = operations[resource.creator].sample.json
  if (typeof sample !== 'object' || sample === null) return sample
  const body = requestBodySchema(resource.creator) ?? {}
  const properties = body.properties ?? {}
  return Object.fromEntries(
    Object.entries(sample).map(([field, value]) => {
      const property = resolve(properties[field] ?? {})
      return [field, property.type === 'string' && !property.enum && typeof value === 'string' ? tag : value]
    }),
  )
}
