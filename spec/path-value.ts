import * as z from 'zod'
import { int64Max, int64Min } from './int64.ts'

type Json = Record<string, unknown>

/** A value a path parameter names: an integer (a bigint beyond 2^53) or a text. */
export type PathParameterValue = string | number | bigint

/**
 * What a path parameter's schema makes of the parameter's text (percent-decoded): the value it names, or none.
 * The one reader of path values: the mock reads ids with it, the suite tells a malformed value from a valid one.
 */
export interface PathValue {
  /**
   * The value `text` names, or undefined when the schema refuses it: an integer of its format's range and bounds
   * (a number, a bigint beyond 2^53), one of its enum, a string its format, pattern and lengths admit (a UUID in
   * lower case, as RFC 9562 section 4 has it output), any text when the schema says nothing more.
   */
  read(text: string): PathParameterValue | undefined
  /** What the schema admits, in words, for an error message: `a 64-bit integer`, `a UUID`. */
  admits: string
}

/** The range each integer format gives (OpenAPI 3.1's data types), and the words for it. */
const integerFormats: Readonly<Record<string, { min: bigint; max: bigint; words: string }>> = {
  int32: { min: -(2n ** 31n), max: 2n ** 31n - 1n, words: 'a 32-bit integer' },
  int64: { min: int64Min, max: int64Max, words: 'a 64-bit integer' },
}
const safeRange = { min: BigInt(Number.MIN_SAFE_INTEGER), max: BigInt(Number.MAX_SAFE_INTEGER), words: 'an integer' }

/** Words for the string formats the spec may give an id or a field (zod checks each: `z.fromJSONSchema`). */
const formatWords: Readonly<Record<string, string>> = {
  uuid: 'a UUID',
  email: 'an email address',
  uri: 'an absolute URI',
  'date-time': 'an RFC 3339 date-time',
}

/**
 * The reader of a path parameter's schema (`$ref`s resolved).
 * @example pathValue({ type: 'integer', format: 'int64' }).read('42') // 42
 * @example pathValue({ type: 'string', format: 'uuid' }).read('not-one') // undefined
 */
export function pathValue(schema: Json): PathValue {
  if (Array.isArray(schema.enum)) {
    const allowed = new Set(schema.enum.map(String))
    return { read: (text) => (allowed.has(text) ? text : undefined), admits: `one of ${[...allowed].join(', ')}` }
  }
  if (schema.type === 'integer') return integerValue(schema)
  if (schema.type !== 'string') return { read: (text) => text, admits: 'any text' }
  const checked = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])
  const lowerCase = schema.format === 'uuid'
  return {
    read: (text) => (checked.safeParse(text).success ? (lowerCase ? text.toLowerCase() : text) : undefined),
    admits: stringWords(schema),
  }
}

function stringWords(schema: Json): string {
  const parts = [formatWords[String(schema.format)] ?? 'a string']
  if (typeof schema.pattern === 'string') parts.push(`matching /${schema.pattern}/`)
  const { minLength, maxLength } = schema as { minLength?: number; maxLength?: number }
  if (minLength !== undefined && maxLength !== undefined) parts.push(`of ${minLength} to ${maxLength} characters`)
  else if (minLength !== undefined) parts.push(`of at least ${minLength} characters`)
  else if (maxLength !== undefined) parts.push(`of at most ${maxLength} characters`)
  return parts.join(' ')
}

function integerValue(schema: Json): PathValue {
  const format = integerFormats[String(schema.format)] ?? safeRange
  const min = typeof schema.minimum === 'number' ? BigInt(schema.minimum) : format.min
  const max = typeof schema.maximum === 'number' ? BigInt(schema.maximum) : format.max
  const bounded = typeof schema.minimum === 'number' || typeof schema.maximum === 'number'
  const admits = bounded ? `${format.words} from ${min} to ${max}` : format.words
  const within = (value: bigint) => value >= min && value <= max
  // A short integer is below 2^53, where comparing as numbers is exact even against a rounded bound beyond it.
  const [minNumber, maxNumber] = [Number(min), Number(max)]
  return {
    admits,
    read(text) {
      // Up to 15 digits is always a safe number: the common case skips BigInt (and, read char by char, a regex).
      if (isShortInteger(text)) {
        const value = Number(text)
        return value >= minNumber && value <= maxNumber ? value : undefined
      }
      if (!/^-?[0-9]{1,20}$/.test(text)) return undefined
      const value = BigInt(text)
      if (!within(value)) return undefined
      return value >= safeRange.min && value <= safeRange.max ? Number(value) : value
    },
  }
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
