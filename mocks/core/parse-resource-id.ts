import { MockError } from './mock-error.ts'
import { quote } from './query-value.ts'

const int64Max = 2n ** 63n - 1n
const int64Min = -(2n ** 63n)

/**
 * The path parameter that names a resource (`parameter`: `petId`, `categoryId`, …) as the 64-bit integer the spec
 * types it: a number while it is safe, a bigint beyond. Percent-escapes are decoded first. Anything else is a 400
 * `invalid_parameter` naming the parameter and carrying `headers`.
 * @example parseResourceId('42', 'petId', {}) // 42
 * @throws MockError 400 `invalid_parameter` for anything but an int64
 */
export function parseResourceId(raw: string, parameter: string, headers: Record<string, string>): number | bigint {
  let text = raw
  if (raw.includes('%')) {
    try {
      text = decodeURIComponent(raw)
    } catch {
      // A malformed escape is refused below like any other non-integer.
    }
  }
  // Up to 15 digits is always a safe number: the common case skips BigInt (and, read char by char, a regex).
  if (isShortInteger(text)) return Number(text)
  const id = /^-?[0-9]{1,20}$/.test(text) ? BigInt(text) : undefined
  if (id !== undefined && id >= int64Min && id <= int64Max) return id
  throw new MockError(
    400,
    'invalid_parameter',
    `The "${parameter}" path parameter must be a 64-bit integer, got ${quote(text)}.`,
    headers,
  )
}

/** Whether `text` is an optional `-` and 1 to 15 ASCII digits. */
function isShortInteger(text: string): boolean {
  const start = text.charCodeAt(0) === minus ? 1 : 0
  const digits = text.length - start
  if (digits < 1 || digits > 15) return false
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < zero || code > nine) return false
  }
  return true
}

const minus = 0x2d
const zero = 0x30
const nine = 0x39
