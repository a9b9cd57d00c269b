import fc from 'fast-check'
import { int64Max, int64Min } from '../../spec/int64.ts'
import { type JsonSchema, resolve } from './spec-parameters.ts'
import { stringValues } from './string-values.ts'

/** An integer as the lossless reader gives it: a number when safe, a bigint beyond 2^53. */
export const toJsonInteger = (value: bigint): number | bigint =>
  value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value

/**
 * The bounds of a schema's valid integers: its `minimum` and `maximum`, else its format's range (int64 unless int32).
 * @example integerBounds({ type: 'integer', format: 'int32' }) // { min: -2147483648n, max: 2147483647n }
 */
export function integerBounds(schema: JsonSchema): { min: bigint; max: bigint } {
  const int64 = schema.format === 'int64' || schema.format === undefined
  return {
    min: schema.minimum !== undefined ? BigInt(schema.minimum) : int64 ? int64Min : -(2n ** 31n),
    max: schema.maximum !== undefined ? BigInt(schema.maximum) : int64 ? int64Max : 2n ** 31n - 1n,
  }
}

/**
 * The edges of a schema's valid integers: its bounds (the int64 extremes when unbounded), 0, ±1 and 2^53 ± 1, each
 * where the schema allows it. A run tries each of them, whatever its seed.
 * @example integerEdges({ type: 'integer', minimum: 1, maximum: 100 }) // [1n, 100n]
 */
export function integerEdges(schema: JsonSchema): Array<bigint> {
  const { min, max } = integerBounds(schema)
  return [min, max, 0n, 1n, -1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n].filter(
    (value, index, all) => value >= min && value <= max && all.indexOf(value) === index,
  )
}

/**
 * The valid integers of a schema, its edges (bounds, 0, ±1, 2^53 ± 1, the int64 extremes when unbounded)
 * drawn often, shrinking towards the smallest in range.
 * @example fc.sample(integerArbitrary({ type: 'integer', minimum: 1, maximum: 100 }), 5)
 */
export function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number | bigint> {
  const { min, max } = integerBounds(schema)
  const edges = integerEdges(schema)
  return fc
    .oneof({ weight: 1, arbitrary: fc.constantFrom(...edges) }, { weight: 2, arbitrary: fc.bigInt({ min, max }) })
    .map(toJsonInteger)
}

/**
 * Values the schema accepts, derived from it: every enum value, strings of its format, pattern and lengths with
 * their edges (`stringValues`), integers at their edges, objects with every required property and any subset of
 * the optional ones.
 * @example fc.sample(validValue(requestBodySchema('createPet')!), 3)
 */
export function validValue(schemaOrRef: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolve(schemaOrRef)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'string':
      return stringValues(schema).valid
    case 'integer':
      return integerArbitrary(schema)
    case 'boolean':
      return fc.boolean()
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validValue(property)]),
      )
      return fc.record(properties, { requiredKeys: [...(schema.required ?? [])] })
    }
    default:
      return fc.jsonValue()
  }
}

/** A value the schema refuses, with what is wrong with it in words. */
interface InvalidValue {
  what: string
  value: unknown
  /** Set when only the field's `format` refuses it: an annotation a server need not assert (JSON Schema 2020-12). */
  format?: string
}

const sampleOfType: ReadonlyArray<[type: string, value: unknown]> = [
  ['string', '1'],
  ['integer', 1],
  ['number', 1.5],
  ['boolean', true],
  ['null', null],
  ['array', [1]],
  ['object', {}],
]

/** Near-misses of an enum value: other case, padding, one letter short or long, a plural. */
export function nearMisses(value: string): Array<string> {
  const capitalized = value.charAt(0).toUpperCase() + value.slice(1)
  return [value.toUpperCase(), capitalized, ` ${value}`, `${value} `, value.slice(0, -1), `${value}s`, `${value}\u0000`]
    .filter((miss) => miss !== value)
    .filter((miss, index, all) => all.indexOf(miss) === index)
}

/**
 * Values of a single field the schema refuses, derived from it: every wrong JSON type, enum near-misses,
 * one past each bound (past int64 for an unbounded integer), a string's near-misses of its format or pattern and
 * one past each of its lengths.
 * @example invalidValues({ type: 'integer', format: 'int64' }).map((v) => v.what)
 */
export function invalidValues(schemaOrRef: JsonSchema): Array<InvalidValue> {
  const schema = resolve(schemaOrRef)
  const type = schema.enum ? 'string' : (schema.type ?? 'any')
  const wrongTypes = sampleOfType
    .filter(([other]) => other !== type && !(type === 'number' && other === 'integer'))
    .map(([other, value]) => ({ what: `a ${other} instead of a ${type}`, value }))
  const values: Array<InvalidValue> = [...wrongTypes]
  if (schema.enum) {
    values.push({ what: 'the empty string, which is no value of the enum', value: '' })
    for (const allowed of schema.enum.filter((value): value is string => typeof value === 'string'))
      for (const miss of nearMisses(allowed))
        values.push({ what: `${JSON.stringify(miss)}, a near-miss of ${JSON.stringify(allowed)}`, value: miss })
  }
  if (type === 'string' && !schema.enum) values.push(...stringValues(schema).invalid)
  if (type === 'integer') {
    const { min, max } = integerBounds(schema)
    values.push({ what: `${min - 1n}, one below the minimum`, value: toJsonInteger(min - 1n) })
    values.push({ what: `${max + 1n}, one above the maximum`, value: toJsonInteger(max + 1n) })
  }
  return values
}
