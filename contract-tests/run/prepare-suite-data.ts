import { isResource, type ResourceSpec, resourceList } from '../../spec/resources.ts'
import type { ContractClient } from '../client/contract-client.ts'
import { setAsideUnanswered } from '../client/transport-failure.ts'
import type { Body, Resource, ResourceData, SuiteData } from '../shared/suite-data.ts'
import { taggedBody } from '../shared/tagged-body.ts'

/** How many of each value of a list's filter the scenarios need (a filter is checked with a limit below it). */
const perValue = 7
/** How many of each kind the run always creates with no filtered field set: no filter counts those a store holds. */
const unfiltered = 3

type ListedResource = ResourceSpec & { list: NonNullable<ResourceSpec['list']> }

/**
 * Gets the target ready for the scenarios, the same way whatever it already holds, for every kind of resource of
 * the spec (`spec/resources.ts`). For a kind with a list it reads the first page at the list's largest limit; for
 * each value of each filter that page shows fewer than `perValue` of while more may exist (a big store), a filtered
 * list counts them, so nothing depends on what the first page happens to hold. Then, unless read-only, it creates
 * what is missing up to `perValue` (at least one of each value, so every typical value the checks reuse is one this
 * run chose) and a few with no filtered field, each from the create's sample body with its text fields named after
 * the run, and reads the first page again.
 * @example const data = await prepareSuiteData(client, 'contract-lq3x9a1')
 */
export async function prepareSuiteData(client: ContractClient, runTag: string): Promise<SuiteData> {
  const first = client.exchanges.length
  const resources: Record<string, ResourceData> = {}
  for (const resource of resourceList) resources[resource.creator] = await prepareResource(client, resource, runTag)
  return { resources, runTag, setupExchanges: client.exchanges.slice(first) }
}

/** What the run knows of one kind: those it created, its list's first page, and how many of each filter value. */
async function prepareResource(client: ContractClient, resource: ResourceSpec, runTag: string): Promise<ResourceData> {
  const listed = hasList(resource) ? resource : undefined
  const before = listed && (await firstPage(client, listed))
  const found: Record<string, Record<string, number>> = {}
  for (const filter of listed?.list.filters ?? [])
    found[filter.parameter] = Object.fromEntries(
      await Promise.all(
        filter.values.map(async (value) => [
          value,
          await countOf(client, listed as ListedResource, before, filter, value),
        ]),
      ),
    )
  const created: Array<Resource> = []
  if (!client.readOnly) {
    const filters = listed?.list.filters ?? []
    const plan: Array<Body> = [
      ...filters.flatMap(({ parameter, field, values }) =>
        values.flatMap((value) =>
          Array.from({ length: Math.max(1, perValue - (found[parameter]?.[value] ?? 0)) }, () => ({ [field]: value })),
        ),
      ),
      ...Array.from({ length: unfiltered }, () => Object.fromEntries(filters.map(({ field }) => [field, undefined]))),
    ]
    // Sent side by side (the client bounds how many are in flight), kept in plan order.
    const exchanges = await Promise.all(
      plan.map((fields, index) =>
        client
          .call(resource.creator, { json: withFields(taggedBody(resource.creator, `${runTag}-${index}`), fields) })
          // One create that got no answer makes one fewer; the listing below still says what the target holds.
          .catch(setAsideUnanswered),
      ),
    )
    for (const exchange of exchanges)
      if (exchange?.response?.status === resource.createdStatus && isResource(resource, exchange.response.json))
        created.push(exchange.response.json as Resource)
  }
  const page = client.readOnly || !listed ? before : await firstPage(client, listed)
  const atLeast = Object.fromEntries(
    (listed?.list.filters ?? []).map(({ parameter, field, values }) => [
      parameter,
      Object.fromEntries(
        values.map((value) => [
          value,
          (found[parameter]?.[value] ?? 0) + created.filter((item) => item[field] === value).length,
        ]),
      ),
    ]),
  )
  return { created, listed: page ?? [], atLeast }
}

const hasList = (resource: ResourceSpec): resource is ListedResource => resource.list !== undefined

/** The body with `fields` set, a field set to undefined left out. */
function withFields(body: unknown, fields: Body): unknown {
  if (typeof body !== 'object' || body === null) return body
  const merged: Body = { ...(body as Body), ...fields }
  for (const [field, value] of Object.entries(fields)) if (value === undefined) delete merged[field]
  return merged
}

/** The query of a list's largest page (its limit at its maximum), with `more` after it. */
function pageQuery(resource: ListedResource, more = ''): string | undefined {
  const { limit } = resource.list
  const query = [limit && `${limit.parameter}=${limit.maximum}`, more].filter(Boolean).join('&')
  return query || undefined
}

/** The first page of a list at its largest limit, or undefined when the answer is no list (its checks say why). */
async function firstPage(client: ContractClient, resource: ListedResource): Promise<Array<Resource> | undefined> {
  const body = (await client.call(resource.list.operationId, { query: pageQuery(resource) })).response?.json
  return Array.isArray(body) ? body.filter((item) => isResource(resource, item)) : undefined
}

/**
 * At least how many the target holds whose filtered field is `value`, up to `perValue`: from the first page when it
 * shows enough or is the whole store, else from a filtered list. None when the target answered no list at all.
 */
async function countOf(
  client: ContractClient,
  resource: ListedResource,
  page: Array<Resource> | undefined,
  { parameter, field }: { parameter: string; field: string },
  value: string,
): Promise<number> {
  if (!page) return 0
  const onPage = page.filter((item) => item[field] === value).length
  const { limit } = resource.list
  if (onPage >= perValue || !limit || page.length < limit.maximum) return onPage
  const query = `${parameter}=${encodeURIComponent(value)}&${limit.parameter}=${perValue}`
  const body = (await client.call(resource.list.operationId, { query })).response?.json
  const filtered = Array.isArray(body)
    ? body.filter((item) => isResource(resource, item) && (item as Resource)[field] === value).length
    : 0
  return Math.max(onPage, filtered)
}
