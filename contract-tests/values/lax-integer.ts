/**
 * The integer a lax reader (JavaScript's `Number()`, a JSON number) takes a text for, exactly: `1.0`,
 * ` 1`, `1e1` and `0x10` name 1, 1, 10 and 16; `7.5`, `7abc` and the empty text name no integer.
 * What a server that read a malformed id this way must answer with, if it answers with a pet at all.
 * @example laxInteger('1.0') // 1n
 */
export function laxInteger(text: string): bigint | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (/^[+-]?(?:0x[\da-f]+|0o[0-7]+|0b[01]+|\d+)$/i.test(trimmed)) {
    const negative = trimmed.startsWith('-')
    const digits = trimmed.replace(/^[+-]/, '')
    return negative ? -BigInt(digits) : BigInt(digits)
  }
  const decimal = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(trimmed)
  if (!decimal || `${decimal[2]}${decimal[3] ?? ''}` === '') return undefined
  const [, sign, whole = '', fraction = '', exponent = '0'] = decimal
  const shift = Number(exponent)
  if (Math.abs(shift) > 400) return undefined
  const digits = `${whole}${fraction}`
  const point = whole.length + shift
  const integerPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0')
  const rest = point <= 0 ? digits : digits.slice(Math.max(0, point))
  if (/[1-9]/.test(rest)) return undefined
  const value = BigInt(integerPart || '0')
  return sign === '-' ? -value : value
}
