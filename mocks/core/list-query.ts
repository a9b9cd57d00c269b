import type { ResourceSpec } from '../../spec/resources.ts'
import { MockError } from './mock-error.ts'
import type { OperationRequest } from './operation-request.ts'
import { parseLimit } from './parse-limit.ts'
import { queryValue, quote } from './query-value.ts'

/** A list request as the model takes it: at most `limit`, only those whose fields equal `filters`. */
export interface ListQuery {
  limit: number
  /** The filters sent, by the field each keeps. */
  filters: Readonly<Record<string, string>>
}

type ListSpec = NonNullable<ResourceSpec['list']>

/** The queries clients sent to each list, parsed: most repeat one (a page of a list, a filter). Bounded. */
const parsedQueries = new WeakMap<ListSpec, Map<string, ListQuery>>()
const maxParsedQueries = 256

/**
 * A list request's query read by its list's rules from the spec: `limit` within its bounds (its default when
 * absent), each filter one of its values. Parsed once per distinct query and frozen: the same object comes back for
 * the same query, so that what is derived from it can be cached by it.
 * @example listQuery(request, listedResource('listPets').list) // { limit: 20, filters: { status: 'sold' } }
 * @throws MockError 400 `invalid_parameter` naming the parameter at fault
 */
export function listQuery(request: OperationRequest, list: ListSpec): ListQuery {
  let known = parsedQueries.get(list)
  if (!known) {
    known = new Map()
    parsedQueries.set(list, known)
  }
  const cached = known.get(request.search)
  if (cached) return cached
  const limit = list.limit
    ? parseLimit(queryValue(request.query, list.limit.parameter), list.limit)
    : Number.MAX_SAFE_INTEGER
  const filters: Record<string, string> = {}
  for (const { parameter, field, values } of list.filters) {
    const value = queryValue(request.query, parameter)
    if (value === undefined) continue
    if (values.length > 0 && !values.includes(value))
      throw new MockError(
        400,
        'invalid_parameter',
        `The "${parameter}" query parameter must be one of ${values.join(', ')}, got ${quote(value)}.`,
      )
    filters[field] = value
  }
  const parsed = Object.freeze({ limit, filters: Object.freeze(filters) })
  if (known.size >= maxParsedQueries) known.clear()
  known.set(request.search, parsed)
  return parsed
}
