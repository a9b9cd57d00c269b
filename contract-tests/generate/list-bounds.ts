import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { ResourceSpec } from '../../spec/resources.ts'
import { resourceBasis } from '../shared/citations.ts'
import type { Exchange } from '../shared/exchange.ts'
import { listLength } from '../shared/json-cut.ts'
import type { Judgement } from './explore-property.ts'
import { verdict } from './verdict.ts'

/** A query as sent: each parameter with its text, in order, a name possibly more than once. */
export type QueryEntries = ReadonlyArray<readonly [name: string, text: string]>

/** A resource with a list: what a list is judged by (its limit, its filters, the sentences they rest on). */
export type ListedResource = ResourceSpec & { list: NonNullable<ResourceSpec['list']> }

/** The query string of entries, each value encoded. */
export function queryOf(entries: QueryEntries): string {
  return entries.map(([name, text]) => `${name}=${encodeURIComponent(text)}`).join('&')
}

/** What a 200 list may hold for a query: at most `limit`, and for each filter sent, only the values it allows. */
interface ListBounds {
  limit: number
  /** The values each filtered field may take, by field; a filter not sent (or forgiven as none) is absent. */
  allowed: ReadonlyMap<string, ReadonlySet<string>>
}

/**
 * What the interface lets a 200 list hold for a query: at most the `limit` sent (the default with none); a
 * `limit` the server cannot read as one integer (invalid, or given twice: the interface types it as one
 * integer) is judged by the rule for malformed values, refused or forgiven within the rules, so at most the
 * maximum, whichever of its values, if any, the server takes; and for each filter sent only resources of a value
 * sent (any, when none is; when `forgiving`, a value ignored as empty or matched in another case or with spaces
 * is forgiven). A list without a limit holds any number.
 * @example listBounds(listedResource('listPets'), [['limit', '5'], ['limit', '7']], false).limit // 100
 */
export function listBounds(resource: ListedResource, query: QueryEntries, forgiving: boolean): ListBounds {
  const rule = resource.list.limit
  const sentOf = (parameter: string) => query.filter(([name]) => name === parameter).map(([, text]) => text)
  const limits = rule ? sentOf(rule.parameter) : []
  const valid = (text: string) =>
    rule && /^\d+$/.test(text) && Number(text) >= rule.minimum && Number(text) <= rule.maximum
  const limit = !rule
    ? Number.POSITIVE_INFINITY
    : limits.length === 0
      ? rule.default
      : limits.length === 1 && limits.every(valid)
        ? Number(limits[0])
        : rule.maximum
  const allowed = new Map<string, ReadonlySet<string>>()
  for (const { parameter, field } of resource.list.filters) {
    const sent = sentOf(parameter)
    const normal = sent.map((text) => (forgiving ? text.trim().toLowerCase() : text))
    // A server that reads an empty value as no filter at all forgives it: no value can then be wrong.
    if (sent.length === 0 || (forgiving && normal.includes(''))) continue
    allowed.set(field, new Set(normal))
  }
  return { limit, allowed }
}

/**
 * Judges a 200 list by what the interface promises: a bare array, at most `limit` resources, all of the filtered
 * values, none twice. Each failure cites the sentence of its own rule, whichever check applied it.
 * @example judgeList(listedResource('listPets'), exchange, [['limit', '5']], false).ok
 */
export function judgeList(
  resource: ListedResource,
  exchange: Exchange,
  query: QueryEntries,
  forgiving: boolean,
): Judgement {
  const { limit, allowed } = listBounds(resource, query, forgiving)
  const { noun, plural, schemaName, idField } = resource
  const basis = resourceBasis(resource)
  const items = exchange.response?.json
  if (!Array.isArray(items))
    return verdict(exchange, false, 'the 200 body is not an array', `a JSON array of ${schemaName}`, basis.list)
  if (items.length > limit) {
    const count = (exchange.response && listLength(exchange.response)) ?? items.length
    const message = `${count} ${plural} returned, more than ${limit}`
    return verdict(exchange, false, message, `at most ${limit} ${plural}`, basis.limit)
  }
  const read = (value: unknown) => (forgiving && typeof value === 'string' ? value.toLowerCase() : value)
  for (const [field, values] of allowed) {
    const filter = resource.list.filters.find((candidate) => candidate.field === field)
    const other = items.find((item) => !values.has(read(item?.[field]) as string))
    if (!other) continue
    const sent = [...values].join(' or ')
    return verdict(
      exchange,
      false,
      `a ${noun} with ${field} ${stringifyJson(other[field])} in a list filtered by ${filter?.parameter}=${sent}`,
      `only ${plural} with ${field} ${sent}`,
      basis.filters[filter?.parameter ?? ''] ?? basis.list,
    )
  }
  const ids = items.map((item) => String(item?.[idField]))
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index)
  if (repeated !== undefined)
    return verdict(
      exchange,
      false,
      `${noun} ${repeated} appears twice in one page`,
      `distinct ${plural}`,
      basis.uniqueId,
    )
  return verdict(exchange, true, '', '')
}
