import fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { edgeString } from '../values/edge-strings.ts'
import { invalidValues, validValue } from '../values/schema-arbitrary.ts'
import { type JsonSchema, resolve } from '../values/spec-parameters.ts'
import { stringValues } from '../values/string-values.ts'

/** JSON media types a server must take as JSON: the plain one and with a UTF-8 charset parameter. */
const jsonContentTypes: ReadonlyArray<string> = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
]

/** Media types that are not JSON: a server may refuse them with 400 or 415. */
const otherContentTypes: ReadonlyArray<string> = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'text/html; charset=utf-8',
  'application/xml',
]

// What a field the schema does not name may hold: a number, an object or an array, nested.
const extraValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
)

/** Bodies larger than most clients send, up to what a body limit of 1 MiB still takes: 8 KiB, 64 KiB, 1 MB. */
const largeBodySizes: ReadonlyArray<number> = [8 * 1024, 64 * 1024, 1_000_000]

export interface ValidBody {
  json: Record<string, unknown>
  contentType: string
  /** Whether fields beyond the schema's were added (the interface neither allows nor forbids them). */
  extra: boolean
}

/**
 * Valid bodies for a JSON object schema: every required property, any optional ones, sometimes a field
 * the schema does not name, under any JSON media type.
 * @example fc.sample(validBody(requestBodySchema('createPet')!), 2)
 */
export function validBody(schema: JsonSchema): fc.Arbitrary<ValidBody> {
  return fc
    .record({
      json: validValue(schema) as fc.Arbitrary<Record<string, unknown>>,
      contentType: fc.constantFrom(...jsonContentTypes),
      extra: fc.option(fc.record({ note: fc.oneof(edgeString(), extraValue) }), { freq: 5, nil: undefined }),
    })
    .map(({ json, contentType, extra }) => ({ json: { ...json, ...extra }, contentType, extra: extra !== undefined }))
}

export interface InvalidBody {
  /** What is wrong with it, in words: `without "name"`. */
  what: string
  text: string
  contentType: string
  /** Set when only a field's `format` makes it invalid (JSON Schema 2020-12: an annotation unless asserted). */
  format?: string
}

interface Mutation {
  what: string
  format?: string
  apply(body: Record<string, unknown>): { text: string; contentType?: string }
}

/** Every way to break a valid body, derived from its schema. */
function mutations(schema: JsonSchema): Array<Mutation> {
  const json = (value: unknown) => ({ text: stringifyJson(value) })
  const list: Array<Mutation> = []
  for (const name of schema.required ?? [])
    list.push({
      what: `without "${name}"`,
      apply: (body) => json(Object.fromEntries(Object.entries(body).filter(([key]) => key !== name))),
    })
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    for (const invalid of invalidValues(property))
      list.push({
        what: `where "${name}" is ${invalid.what}`,
        ...(invalid.format && { format: invalid.format }),
        apply: (body) => json({ ...body, [name]: invalid.value }),
      })
  list.push(
    { what: 'as an array', apply: (body) => json([body]) },
    { what: 'as a string', apply: (body) => json(stringifyJson(body)) },
    { what: 'as null', apply: () => json(null) },
    { what: 'as a number', apply: () => json(1) },
    { what: 'empty', apply: () => ({ text: '' }) },
    { what: 'followed by a second JSON value', apply: (body) => ({ text: `${stringifyJson(body)} {}` }) },
    { what: 'sent twice', apply: (body) => ({ text: stringifyJson(body).repeat(2) }) },
    { what: 'followed by garbage', apply: (body) => ({ text: `${stringifyJson(body)}x` }) },
    { what: 'cut short', apply: (body) => ({ text: stringifyJson(body).slice(0, -1) }) },
    { what: 'with a trailing comma', apply: (body) => ({ text: stringifyJson(body).replace(/}$/, ',}') }) },
    { what: 'with single quotes', apply: (body) => ({ text: stringifyJson(body).replaceAll('"', "'") }) },
  )
  for (const contentType of otherContentTypes)
    list.push({ what: `sent as ${contentType}`, apply: (body) => ({ text: stringifyJson(body), contentType }) })
  return list
}

/**
 * Invalid bodies for a JSON object schema: a valid body broken in exactly one way (a required field
 * missing, a field of a wrong type or value, not an object, not exactly one JSON value, not sent as JSON).
 * Shrinking makes the rest of the body as small as it gets.
 * @example fc.sample(invalidBody(requestBodySchema('createPet')!), 2)
 */
export function invalidBody(schema: JsonSchema): fc.Arbitrary<InvalidBody> {
  return fc
    .record({
      body: validValue(schema) as fc.Arbitrary<Record<string, unknown>>,
      mutation: fc.constantFrom(...mutations(schema)),
    })
    .map(({ body, mutation }) => breakBody(body, mutation))
}

/**
 * A valid body (the spec's sample) broken in each way the schema allows, each once: what the generated
 * bodies add to, so no way of breaking a body goes untried.
 * @example invalidBodyExamples(schema, operations.createPet.sample.json)
 */
export function invalidBodyExamples(schema: JsonSchema, sample: Record<string, unknown>): Array<InvalidBody> {
  return mutations(schema).map((mutation) => breakBody(sample, mutation))
}

/**
 * Valid bodies, each once: the sample with every edge of each string field (`stringValues`), every enum value,
 * every JSON media type, unknown fields holding objects and arrays, and bodies of 8 KB to 1 MB.
 * @example validBodyExamples(schema, operations.createPet.sample.json)
 */
export function validBodyExamples(schema: JsonSchema, sample: Record<string, unknown>): Array<ValidBody> {
  const examples: Array<ValidBody> = jsonContentTypes.map((contentType) => ({
    json: sample,
    contentType,
    extra: false,
  }))
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const resolved = resolve(property)
    const values = resolved.enum ?? (resolved.type === 'string' ? stringValues(resolved).edges : [])
    for (const value of values)
      examples.push({ json: { ...sample, [name]: value }, contentType: 'application/json', extra: false })
  }
  examples.push(
    { json: { ...sample, tags: { nested: ['a', { deep: null }] } }, contentType: 'application/json', extra: true },
    { json: { ...sample, photoUrls: ['x', 1, [true]] }, contentType: 'application/json', extra: true },
    ...largeBodySizes.map((size) => ({
      json: { ...sample, padding: 'x'.repeat(size) },
      contentType: 'application/json',
      extra: true,
    })),
  )
  return examples
}

function breakBody(body: Record<string, unknown>, mutation: Mutation): InvalidBody {
  const { text, contentType = 'application/json' } = mutation.apply(body)
  return { what: mutation.what, text, contentType, ...(mutation.format && { format: mutation.format }) }
}
