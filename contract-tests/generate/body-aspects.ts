import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type JsonSchema, resolve } from '../values/spec-parameters.ts'
import { stringValues } from '../values/string-values.ts'

/**
 * One way a valid body differs from a typical one: a field holding an edge value the types allow, or a
 * field the schema does not name. A server may refuse a body for it with a clean 4xx (a deviation).
 */
export interface BodyAspect {
  /** What makes two aspects the same: `name:empty`, `email:unusual-email`, `extra`. */
  key: string
  /** In words, for a finding: `an empty name`. */
  what: string
  field: string
  value: unknown
}

/** The values of each integer field a typical body holds: those the target has already accepted. */
export type TypicalIntegers = Readonly<Record<string, ReadonlySet<string>>>

// Letters, marks and digits, with the spaces and punctuation of ordinary names between them.
const plainText = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N} '.,_-]*[\p{L}\p{M}\p{N}.])?$/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/
/** A field's name with its article: `a name`, `an email`. */
const a = (field: string) => `${/^[aeiou]/i.test(field) ? 'an' : 'a'} ${field}`

/** Longer than this, a string is an edge value: many a database column holds 100 characters or fewer. */
const typicalLength = 100

/**
 * How a string value is not typical (empty, blank, long, a control character, white space around it, a
 * character beyond letters, marks, digits and the punctuation of names), or undefined for a typical one.
 * @example stringAspect('name', 'a\u00ADb')?.key // 'name:unusual'
 */
export function stringAspect(field: string, value: string): Omit<BodyAspect, 'field' | 'value'> | undefined {
  if (value === '') return { key: `${field}:empty`, what: `an empty ${field}` }
  if (value.trim() === '') return { key: `${field}:blank`, what: `${a(field)} of white space only` }
  if (value.length > typicalLength)
    return { key: `${field}:long`, what: `${a(field)} of more than ${typicalLength} characters (${value.length})` }
  if (controlCharacter.test(value))
    return { key: `${field}:control`, what: `${a(field)} holding a control character (${stringifyJson(value)})` }
  if (value !== value.trim())
    return { key: `${field}:padded`, what: `${a(field)} with white space around it (${stringifyJson(value)})` }
  if (!plainText.test(value))
    return { key: `${field}:unusual`, what: `${a(field)} with unusual characters (${stringifyJson(value)})` }
  return undefined
}

function extraAspect(field: string, value: unknown): Omit<BodyAspect, 'field' | 'value'> {
  const size = stringifyJson(value).length
  if (size > 4096) return { key: 'extra:large', what: `a body of ${Math.round(size / 1024)} KB (field "${field}")` }
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value
  return { key: 'extra', what: `a field the schema does not name ("${field}", holding a ${kind})` }
}

/**
 * Every way a valid body for `schema` is not typical: each string field of free text that is empty, blank, long,
 * holds a control character or unusual characters; each string field of a format or a pattern holding a value
 * beyond its common form (`stringValues`: an address of RFC 5322's rarer characters, a UUID in upper case, a
 * date-time with an offset); each integer field holding a value the target has not accepted before (int64
 * extremes included); each field the schema does not name. Enum values are typical.
 * @example bodyAspects({ name: '', size: 1 }, schema, { size: new Set(['1']) }) // [name:empty]
 */
export function bodyAspects(
  body: Record<string, unknown>,
  schema: JsonSchema,
  typical: TypicalIntegers,
): Array<BodyAspect> {
  const properties = schema.properties ?? {}
  return Object.entries(body).flatMap(([field, value]): Array<BodyAspect> => {
    const property = properties[field] ? resolve(properties[field]) : undefined
    if (!property) return [{ field, value, ...extraAspect(field, value) }]
    if (property.enum) return []
    if (typeof value === 'string' && stringValues(property).formatted) {
      if (stringValues(property).isTypical(value)) return []
      const form = property.format ?? 'its pattern'
      const what = `${a(field)} beyond the common form of ${form} (${stringifyJson(value)})`
      return [{ field, value, key: `${field}:unusual-${form}`, what }]
    }
    if (typeof value === 'string') {
      const aspect = stringAspect(field, value)
      return aspect ? [{ field, value, ...aspect }] : []
    }
    if (property.type === 'integer' && !typical[field]?.has(String(value)))
      return [{ field, value, key: `${field}:unused`, what: `${a(field)} the target has not used (${String(value)})` }]
    return []
  })
}
