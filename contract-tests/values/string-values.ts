import fc from 'fast-check'
import * as z from 'zod'
import { edgeString, edgeStrings } from './edge-strings.ts'
import type { JsonSchema } from './spec-parameters.ts'

/**
 * What a run knows of the values of one string schema (a field, a path parameter): those any conformant server
 * takes, those the schema admits beyond them (edges a server may refuse cleanly), and near-misses it refuses.
 * Drawn by fast-check (`uuid`, `emailAddress`, `webUrl`, `date`, `stringMatching`), judged by zod as built from the
 * spec (`z.fromJSONSchema`, which checks `format`, `pattern`, `minLength` and `maxLength`).
 */
interface StringValues {
  /** Whether the schema says more than "a string": a format or a pattern. */
  formatted: boolean
  /** Values any conformant server takes: what a typical body holds and a typical id is. */
  typical: fc.Arbitrary<string>
  /** Values the schema admits, its edges included. */
  valid: fc.Arbitrary<string>
  /** Edges the schema admits, tried by every run whatever its seed. */
  edges: ReadonlyArray<string>
  /**
   * Values the schema refuses, each with what is wrong with it in words; `format` when only its format refuses it (an
   * annotation in JSON Schema 2020-12 unless asserted: a server may take such a value).
   */
  invalid: ReadonlyArray<{ what: string; value: string; format?: string }>
  /** Whether the schema admits a value (as zod builds it from the spec). */
  admits(value: string): boolean
  /** Whether a value is typical: else an edge value a conformant server may refuse with a clean 4xx. */
  isTypical(value: string): boolean
  /** Whether two values the schema admits are the same value (a UUID in any case, a date-time at the same instant). */
  same(a: string, b: string): boolean
}

/** A format's typical values (a form every validator takes, as a pattern fast-check draws from) and its edges. */
interface FormatValues {
  typical: RegExp | fc.Arbitrary<string>
  isTypical: (value: string) => boolean
  /** Values of the format beyond the typical form, drawn by fast-check. */
  edges: fc.Arbitrary<string>
  /** Edges every run tries. */
  fixedEdges: ReadonlyArray<string>
  /** Near-misses no reading of the format admits. */
  misses: ReadonlyArray<[what: string, value: string]>
  same?: (a: string, b: string) => boolean
}

const typicalEmail = /^[a-z][a-z0-9]{0,9}(?:\.[a-z][a-z0-9]{0,7})?@[a-z][a-z0-9]{1,9}\.(?:com|org|net)$/
const typicalUri = /^https:\/\/[a-z][a-z0-9]{1,9}\.(?:com|org|net)(?:\/[a-z0-9]{1,8}){0,2}$/
const typicalUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const typicalDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b) && !Number.isNaN(Date.parse(a))

const formats: Readonly<Record<string, FormatValues>> = {
  email: {
    typical: typicalEmail,
    isTypical: (value) => typicalEmail.test(value),
    // RFC 5322 addresses of every allowed character: many a validator takes a narrower form.
    edges: fc.emailAddress(),
    fixedEdges: ['first.last+tag@example.com', 'Ada@Example.COM'],
    misses: [
      ['no "@"', 'not-an-email'],
      ['nothing before the "@"', '@example.com'],
      ['nothing after the "@"', 'ada@'],
      ['a space', 'ada lovelace@example.com'],
      ['two "@"', 'ada@@example.com'],
    ],
  },
  uri: {
    typical: typicalUri,
    isTypical: (value) => typicalUri.test(value),
    edges: fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fixedEdges: ['https://example.com/a?b=c#d', 'urn:isbn:0451450523'],
    misses: [
      ['no scheme', 'example.com/page'],
      ['a space', 'https://exa mple.com'],
      ['a path alone', '/relative/path'],
      ['not a URI', 'not a uri'],
    ],
  },
  uuid: {
    typical: fc.uuid({ version: 4 }),
    isTypical: (value) => typicalUuid.test(value),
    // Any version and variant, in upper case: RFC 9562 section 4 has UUIDs read in either case.
    edges: fc.uuid().map((value) => value.toUpperCase()),
    fixedEdges: ['00000000-0000-0000-0000-000000000000', 'F47AC10B-58CC-4372-A567-0E02B2C3D479'],
    misses: [
      ['one digit short', 'f47ac10b-58cc-4372-a567-0e02b2c3d47'],
      ['a letter beyond hex', 'g47ac10b-58cc-4372-a567-0e02b2c3d479'],
      ['without hyphens', 'f47ac10b58cc4372a5670e02b2c3d479'],
      ['in braces', '{f47ac10b-58cc-4372-a567-0e02b2c3d479}'],
      ['a word', 'abc'],
      ['a number', '42'],
    ],
    same: (a, b) => a.toLowerCase() === b.toLowerCase(),
  },
  'date-time': {
    typical: fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString()),
    isTypical: (value) => typicalDateTime.test(value),
    // RFC 3339 section 5.6 allows an offset, no fraction, and any year from 0000.
    edges: fc
      .tuple(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom('+01:00', '-05:30', '+00:00', 'Z'),
      )
      .map(([date, offset]) => `${date.toISOString().slice(0, 19)}${offset}`),
    fixedEdges: ['2024-02-29T23:59:59+14:00', '1970-01-01T00:00:00Z'],
    misses: [
      ['a date alone', '2024-01-01'],
      ['no offset', '2024-01-01T00:00:00'],
      ['a month 13', '2024-13-01T00:00:00Z'],
      ['words', 'yesterday'],
    ],
    same: sameInstant,
  },
}

/** Text that fits a schema's lengths, counted as zod counts them (UTF-16 code units, never more than JSON Schema's). */
function lengthsOf(schema: JsonSchema): { min: number; max: number } {
  return { min: schema.minLength ?? 0, max: schema.maxLength ?? Number.POSITIVE_INFINITY }
}

const cache = new WeakMap<JsonSchema, StringValues>()

/**
 * The values of a string schema (`type: string`, `$ref`s resolved): by its `format` (email, uri, uuid, date-time),
 * its `pattern`, its `minLength` and `maxLength`, or any text.
 * @example fc.sample(stringValues({ type: 'string', format: 'email' }).typical, 1) // ['ada@example.com']
 */
export function stringValues(schema: JsonSchema): StringValues {
  const known = cache.get(schema)
  if (known) return known
  const checked = z.fromJSONSchema({ ...schema, type: 'string' } as Parameters<typeof z.fromJSONSchema>[0])
  const admits = (value: string) => checked.safeParse(value).success
  const { min, max } = lengthsOf(schema)
  const fits = (value: string) => value.length >= min && value.length <= max
  const format = typeof schema.format === 'string' ? formats[schema.format] : undefined
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined
  const lengthMisses: Array<{ what: string; value: string }> = [
    ...(min > 0 ? [{ what: `shorter than its minLength ${min}`, value: 'x'.repeat(min - 1) }] : []),
    ...(Number.isFinite(max) ? [{ what: `longer than its maxLength ${max}`, value: 'x'.repeat(max + 1) }] : []),
  ]
  let values: StringValues
  if (format) {
    const typical = (format.typical instanceof RegExp ? fc.stringMatching(format.typical) : format.typical).filter(
      admits,
    )
    const edges = format.edges.filter(admitsByStandard(fits, pattern))
    values = {
      formatted: true,
      typical,
      valid: fc.oneof({ weight: 3, arbitrary: typical }, { weight: 1, arbitrary: edges }),
      edges: format.fixedEdges.filter(admitsByStandard(fits, pattern)),
      invalid: [
        ...format.misses.map(([what, value]) => ({
          what: `not ${schema.format} (${what})`,
          value,
          ...(fits(value) && { format: String(schema.format) }),
        })),
        ...lengthMisses,
      ].filter(({ value }) => !admits(value)),
      admits,
      isTypical: (value) => format.isTypical(value) && admits(value),
      same: format.same ?? ((a, b) => a === b),
    }
  } else if (pattern) {
    const matching = fc.stringMatching(pattern).filter(fits)
    values = {
      formatted: true,
      typical: matching,
      valid: matching,
      edges: [],
      invalid: [
        ...['', ' ', 'x', '0', '!', 'not matching'].map((value) => ({
          what: `not matching /${schema.pattern}/ (${JSON.stringify(value)})`,
          value,
        })),
        ...lengthMisses,
      ].filter(({ value }) => !admits(value)),
      admits,
      isTypical: admits,
      same: (a, b) => a === b,
    }
  } else {
    const typicalText = fc.stringMatching(/^[A-Za-z][a-z]{2,11}$/)
    values = {
      formatted: false,
      typical: typicalText.filter(fits),
      valid: edgeString().filter(fits),
      edges: edgeStrings.filter(fits),
      invalid: lengthMisses,
      admits,
      isTypical: admits,
      same: (a, b) => a === b,
    }
  }
  cache.set(schema, values)
  return values
}

/**
 * Whether a value of a format fits the schema's lengths and pattern: the format itself is the standard's (RFC 5322,
 * 3986, 9562, 3339, as fast-check draws it), which many a validator reads more narrowly than zod or the spec.
 */
function admitsByStandard(fits: (value: string) => boolean, pattern: RegExp | undefined) {
  return (value: string) => fits(value) && (pattern === undefined || pattern.test(value))
}

/**
 * One typical value of a string schema, the same for the same `seed`: what a request holds where only something
 * else may be wrong.
 * @example typicalString({ type: 'string', format: 'email' }, 3) // 'k@ab.org'
 */
function typicalString(schema: JsonSchema, seed: number): string {
  return fc.sample(stringValues(schema).typical, { numRuns: 1, seed })[0] as string
}

/**
 * `text` made to fit a schema of free text (no format, no pattern): cut to its `maxLength`, padded to its
 * `minLength`. A schema with a format or a pattern gets a typical value of its own instead.
 * @example fitted({ type: 'string', maxLength: 5 }, 'contract-abc-1', 1) // 'contr'
 */
export function fitted(schema: JsonSchema, text: string, seed: number): string {
  const values = stringValues(schema)
  if (values.formatted) return typicalString(schema, seed)
  const { min, max } = lengthsOf(schema)
  const cut = Number.isFinite(max) ? [...text].slice(0, max).join('') : text
  return cut.length >= min ? cut : cut.padEnd(min, 'x')
}
