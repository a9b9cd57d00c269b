import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { limitRule } from '../../spec/schemas.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { Exchange } from '../shared/exchange.ts'
import { listLength } from '../shared/json-cut.ts'
import type { Judgement } from './explore-property.ts'
import { verdict } from './verdict.ts'

/** A query as sent: each parameter with its text, in order, a name possibly more than once. */
export type QueryEntries = ReadonlyArray<readonly [name: string, text: string]>

/** The query string of entries, each value encoded. */
export function queryOf(entries: QueryEntries): string {
  return entries.map(([name, text]) => `${name}=${encodeURIComponent(text)}`).join('&')
}

const validLimit = (text: string): boolean =>
  /^\d+$/.test(text) && Number(text) >= limitRule.minimum && Number(text) <= limitRule.maximum

/**
 * What the interface lets a 200 list hold for a query: at most the `limit` sent (the default with none); a
 * `limit` the server cannot read as one integer (invalid, or given twice: the interface types it as one
 * integer) is judged by the rule for malformed values, refused or forgiven within the rules, so at most the
 * maximum, whichever of its values, if any, the server takes; and only pets of a `status` sent (any, when none
 * is; when `forgiving`, a status ignored as empty or matched in another case or with spaces is forgiven).
 * @example listBounds([['limit', '5'], ['limit', '7']], false) // { limit: 100, statuses: undefined }
 */
export function listBounds(
  query: QueryEntries,
  forgiving: boolean,
): { limit: number; statuses: ReadonlySet<string> | undefined } {
  const limits = query.filter(([name]) => name === 'limit').map(([, text]) => text)
  const limit =
    limits.length === 0
      ? limitRule.default
      : limits.length === 1 && limits.every(validLimit)
        ? Number(limits[0])
        : limitRule.maximum
  const sent = query.filter(([name]) => name === 'status').map(([, text]) => text)
  const normal = sent.map((text) => (forgiving ? text.trim().toLowerCase() : text))
  // A server that reads an empty status as no filter at all forgives it: no status can then be wrong.
  const statuses = sent.length === 0 || (forgiving && normal.includes('')) ? undefined : new Set(normal)
  return { limit, statuses }
}

/**
 * Judges a 200 list by what the interface promises: a bare array, at most `limit` pets, all of a filtered
 * status, none twice. Each failure cites the sentence of its own rule, whichever check applied it.
 * @example judgeList(exchange, [['limit', '5']], false).ok
 */
export function judgeList(exchange: Exchange, query: QueryEntries, forgiving: boolean): Judgement {
  const { limit, statuses } = listBounds(query, forgiving)
  const pets = exchange.response?.json
  if (!Array.isArray(pets))
    return verdict(exchange, false, 'the 200 body is not an array', 'a JSON array of Pet', interfaceSays.bareArray)
  if (pets.length > limit) {
    const count = (exchange.response && listLength(exchange.response)) ?? pets.length
    const message = `${count} pets returned, more than ${limit}`
    return verdict(exchange, false, message, `at most ${limit} pets`, interfaceSays.limit)
  }
  const read = (status: unknown) => (forgiving && typeof status === 'string' ? status.toLowerCase() : status)
  const other = statuses && pets.find((pet) => !statuses.has(read(pet?.status) as string))
  if (other) {
    const filter = [...statuses].join(' or ')
    return verdict(
      exchange,
      false,
      `a pet with status ${stringifyJson(other.status)} in a list filtered by status=${filter}`,
      `only pets with status ${filter}`,
      interfaceSays.statusFilter,
    )
  }
  const ids = pets.map((pet) => String(pet?.id))
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index)
  if (repeated !== undefined)
    return verdict(
      exchange,
      false,
      `pet ${repeated} appears twice in one page`,
      'distinct pets',
      interfaceSays.uniqueId,
    )
  return verdict(exchange, true, '', '')
}
