import { parse } from 'lossless-json'

// 16 digits in a row is the shortest text that can hold an integer beyond 2^53: anything shorter takes the fast path.
const longDigitRun = /\d{16}/
const integerLiteral = /^-?\d+$/

/**
 * Parses JSON without losing an integer: an integer literal beyond 2^53 (an int64 id, say) comes back as
 * a `bigint` with its exact digits; every other number as a `number`. Text without a run of 16 digits,
 * the usual case, goes through `JSON.parse` at full speed. Throws a `SyntaxError` for text that is not JSON.
 * @example parseJson('{"id":9223372036854775807}') // { id: 9223372036854775807n }
 */
export function parseJson(text: string): unknown {
  if (!longDigitRun.test(text)) return JSON.parse(text)
  try {
    return parse(text, null, toNumber)
  } catch {
    // lossless-json refuses duplicate keys that JSON.parse accepts (the last wins): let JSON.parse decide.
    return JSON.parse(text)
  }
}

function toNumber(literal: string): number | bigint {
  const value = Number(literal)
  if (Number.isSafeInteger(value) || !integerLiteral.test(literal)) return value
  return BigInt(literal)
}
