import fc from 'fast-check'
import { int64Max, int64Min } from '../../spec/int64.ts'
import { integerArbitrary, integerEdges, nearMisses, toJsonInteger } from './schema-arbitrary.ts'
import type { JsonSchema } from './spec-parameters.ts'

/**
 * Valid values of a query or path parameter, as the text of the URL: every enum value, integers in range
 * with their edges.
 * @example fc.sample(validParameterText({ type: 'integer', minimum: 1, maximum: 100 }), 3) // ['1', '100', '37']
 */
export function validParameterText(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String))
  if (schema.type === 'integer') return integerArbitrary(schema).map(String)
  return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
}

/**
 * The valid values of a parameter a run sends whatever its seed, as the text of the URL: every enum value, or an
 * integer's edges (its bounds, 0, ±1, 2^53 ± 1 where allowed). A defect at one of them is caught by every run.
 * @example edgeParameterTexts({ type: 'integer', minimum: 1, maximum: 100 }) // ['1', '100']
 */
export function edgeParameterTexts(schema: JsonSchema): Array<string> {
  if (schema.enum) return schema.enum.map(String)
  if (schema.type === 'integer') return integerEdges(schema).map(String)
  return []
}

/**
 * Texts a parameter's schema refuses, derived from its type and bounds: one past each bound (past int64
 * for an int64), fractions, exponents, hex, words and the empty string for an integer; near-misses and the
 * empty string for an enum.
 * @example invalidParameterTexts({ type: 'integer', minimum: 1, maximum: 100 }) // ['0', '101', ...]
 */
export function invalidParameterTexts(schema: JsonSchema): Array<string> {
  if (schema.enum) return ['', ...schema.enum.map(String).flatMap(nearMisses)]
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
