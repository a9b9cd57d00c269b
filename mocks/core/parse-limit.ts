import type { ListLimit } from '../../spec/resources.ts'
import { MockError } from './mock-error.ts'
import { quote } from './query-value.ts'

/**
 * A list's `limit` query parameter, by its rule from the spec: its default when absent, else an integer within its
 * bounds. The one limit parser of every list.
 * @example parseLimit('5', listLimit('listPets')) // 5
 * @throws MockError 400 `invalid_parameter` for anything else, naming the bounds
 */
export function parseLimit(value: string | undefined, rule: ListLimit): number {
  if (value === undefined) return rule.default
  const limit = /^[0-9]{1,16}$/.test(value) ? Number(value) : Number.NaN
  if (limit >= rule.minimum && limit <= rule.maximum) return limit
  throw new MockError(
    400,
    'invalid_parameter',
    `The "${rule.parameter}" query parameter must be an integer from ${rule.minimum} to ${rule.maximum}, ` +
      `got ${quote(value)}.`,
  )
}
