import { stringify } from 'lossless-json'

/**
 * `JSON.stringify` that writes a `bigint` as its exact digits (an int64 beyond 2^53), where the built-in
 * throws. Values without a bigint, the usual case, go through `JSON.stringify` at full speed.
 * @example stringifyJson({ id: 9223372036854775807n }) // '{"id":9223372036854775807}'
 */
export function stringifyJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent)
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error
    return stringify(value, null, indent) as string
  }
}
