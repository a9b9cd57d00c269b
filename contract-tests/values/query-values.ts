import fc from 'fast-check'
import { int64Max, int64Min } from '../../spec/int64.ts'
import { laxInteger } from './lax-integer.ts'
import { integerArbitrary, integerBounds, integerEdges, nearMisses, toJsonInteger } from './schema-arbitrary.ts'
import type { JsonSchema } from './spec-parameters.ts'
import { stringValues } from './string-values.ts'

/**
 * Valid values of a query or path parameter, as the text of the URL: every enum value, integers in range
 * with their edges, strings of its format, pattern and lengths (`stringValues`).
 * @example fc.sample(validParameterText({ type: 'integer', minimum: 1, maximum: 100 }), 3) // ['1', '100', '37']
 */
export function validParameterText(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String))
  if (schema.type === 'integer') return integerArbitrary(schema).map(String)
  if (schema.type === 'string' && stringValues(schema).formatted) return stringValues(schema).valid
  return fc.string({ unit: 'grapheme', minLength: Math.max(1, schema.minLength ?? 0), maxLength: 20 })
}

/**
 * The valid values of a parameter a run sends whatever its seed, as the text of the URL: every enum value, an
 * integer's edges (its bounds, 0, ±1, 2^53 ± 1 where allowed), a string format's edges (a UUID in upper case, the
 * nil UUID). A defect at one of them is caught by every run.
 * @example edgeParameterTexts({ type: 'integer', minimum: 1, maximum: 100 }) // ['1', '100']
 */
export function edgeParameterTexts(schema: JsonSchema): Array<string> {
  if (schema.enum) return schema.enum.map(String)
  if (schema.type === 'integer') return integerEdges(schema).map(String)
  if (schema.type === 'string' && stringValues(schema).formatted) return [...stringValues(schema).edges]
  return []
}

/** Integers no target is likely to hold: large, and far from the edges a sequence or a test reaches. */
const unlikelyIntegers = [987_654_321_987n, 876_543_219_876n, 765_432_198_765n, 987_654_321n, 87_654_321n, 98_765n]

/**
 * Valid values of a parameter no target is likely to hold, none of `known`, the same for every run: what a read of
 * an unknown id sends. For an integer, large values within its bounds; for a string, values drawn from its format or
 * pattern with a fixed seed.
 * @example unknownParameterTexts({ type: 'integer', format: 'int64' }, new Set(['1'])) // ['987654321987', …]
 */
export function unknownParameterTexts(schema: JsonSchema, known: ReadonlySet<string>): Array<string> {
  const fresh = (texts: ReadonlyArray<string>) => texts.filter((text) => !known.has(text))
  if (schema.type === 'integer') {
    const { min, max } = integerBounds(schema)
    const within = unlikelyIntegers.filter((value) => value >= min && value <= max)
    return fresh([...within, max, min].map((value) => String(toJsonInteger(value))))
  }
  return fresh([...new Set(fc.sample(validParameterText(schema), { numRuns: 8, seed: 47 }))])
}

/**
 * Texts a parameter's schema refuses, derived from its type and bounds: one past each bound (past int64
 * for an int64), fractions, exponents, hex, words and the empty string for an integer; near-misses and the
 * empty string for an enum; near-misses of its format or pattern, and past its lengths, for a string.
 * @example invalidParameterTexts({ type: 'integer', minimum: 1, maximum: 100 }) // ['0', '101', ...]
 */
export function invalidParameterTexts(schema: JsonSchema): Array<string> {
  if (schema.enum) return ['', ...schema.enum.map(String).flatMap(nearMisses)]
  if (schema.type === 'string') return stringValues(schema).invalid.map(({ value }) => value)
  if (schema.type !== 'integer') return []
  const below = schema.minimum !== undefined ? BigInt(schema.minimum) - 1n : int64Min - 1n
  const above = schema.maximum !== undefined ? BigInt(schema.maximum) + 1n : int64Max + 1n
  const inRange = String(toJsonInteger(schema.minimum !== undefined ? BigInt(schema.minimum) : 1n))
  return [
    String(below),
    String(above),
    String(int64Max + 1n),
    String(int64Min - 1n),
    `${inRange}.5`,
    `${inRange}.0`,
    '1e1',
    '0x10',
    'abc',
    'true',
    'null',
    '',
    ` ${inRange}`,
    `${inRange}abc`,
  ].filter((text, index, all) => all.indexOf(text) === index)
}

/**
 * The value a lax reader takes a malformed parameter text for, as text: for an integer the number JavaScript's
 * `Number()` reads (`1.0` is 1, `0x10` is 16); none for any other schema, whose malformed texts name nothing.
 * @example laxParameterValue({ type: 'integer' }, ' 7') // '7'
 */
export function laxParameterValue(schema: JsonSchema, text: string): string | undefined {
  if (schema.type !== 'integer') return undefined
  const value = laxInteger(text)
  return value === undefined ? undefined : String(value)
}

/**
 * The order of a schema's ids where the mock's collection gives one (a sequence: integers ascend as they are
 * created), as a key to compare: none for ids drawn at random (a UUID, a value of a pattern).
 * @example idOrder({ type: 'integer', format: 'int64' })?.('42') // 42n
 */
export function idOrder(schema: JsonSchema): ((text: string) => bigint) | undefined {
  if (schema.type !== 'integer') return undefined
  return (text) => (/^-?\d+$/.test(text) ? BigInt(text) : 0n)
}

/**
 * The `count` ids just past `start` where a schema's ids come in a sequence (integers), as text; none where they are
 * drawn (a UUID, a value of a pattern), or past the schema's bounds.
 * @example idsAfter({ type: 'integer', format: 'int64' }, '41', 2) // ['42', '43']
 */
export function idsAfter(schema: JsonSchema, start: string, count: number): Array<string> {
  if (schema.type !== 'integer' || !/^-?\d+$/.test(start)) return []
  const { max } = integerBounds(schema)
  return Array.from({ length: count }, (_, step) => BigInt(start) + BigInt(step + 1))
    .filter((value) => value <= max)
    .map((value) => String(toJsonInteger(value)))
}
