import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { OperationSpec } from '../../spec/operations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { specParameters } from '../values/spec-parameters.ts'

/** A key no target holds: the credential forms are sent with it where the others are sent without a key. */
export const unknownKey = 'contract-suite-unknown-key-0000'

/** One form of a request the standards make equivalent to a plain one. */
export interface FreedomForm {
  /** What the form changes, for messages: `the auth-scheme in lower case ("bearer")`. */
  what: string
  /** The plain request it is compared with. */
  plain: CallOptions
  /** The request in this form, with the key. */
  form: CallOptions
  /** The same form without the key: a form of the credential itself is sent with an unknown key instead. */
  keyless: CallOptions
  /** Another status the standards give a conformant path for this form (504 from a cache to only-if-cached). */
  alternative?: number
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const keyless = (form: CallOptions): CallOptions => ({ ...form, authorization: null })

/**
 * The interface's scheme in other cases and followed by more than one space (RFC 9110 section 11.1: "a
 * case-insensitive token"; section 11.4 and RFC 6750 section 2.1: `1*SP` before the token), on any operation.
 * @example authSchemeForms(request).map((form) => form.what)
 */
export function authSchemeForms(request: CallOptions): Array<FreedomForm> {
  const forms: Array<[what: string, prefix: string]> = [
    ['the auth-scheme in lower case ("bearer")', 'bearer '],
    ['the auth-scheme in upper case ("BEARER")', 'BEARER '],
    ['two spaces between "Bearer" and the key', 'Bearer  '],
  ]
  return forms.map(([what, prefix]) => ({
    what,
    plain: request,
    form: { ...request, authorization: (key) => `${prefix}${key}` },
    keyless: { ...request, authorization: `${prefix}${unknownKey}` },
  }))
}

/**
 * A text with its first unreserved character percent-encoded (RFC 3986 section 2.3: an equivalent URI), or
 * undefined when it has none.
 * @example percentEncodeFirst('available') // '%61vailable'
 */
export function percentEncodeFirst(text: string): string | undefined {
  const index = text.search(/[A-Za-z0-9._~-]/)
  if (index === -1) return undefined
  const hex = text.charCodeAt(index).toString(16).toUpperCase().padStart(2, '0')
  return `${text.slice(0, index)}%${hex}${text.slice(index + 1)}`
}

const query = (pairs: ReadonlyArray<[string, string]>) => pairs.map(([name, value]) => `${name}=${value}`).join('&')

/**
 * Forms of the request target that name what the plain one names, from the spec's parameters: each path parameter
 * and each enum query value with an unreserved character percent-encoded (RFC 3986 sections 2.3 and 6.2.2.2), the
 * query parameters' defaults stated, and the query parameters in another order.
 * @example targetForms(operations.listPets, {}).map((form) => form.form.query) // ['status=%61vailable', …]
 */
export function targetForms(operation: OperationSpec, request: CallOptions): Array<FreedomForm> {
  const forms: Array<Omit<FreedomForm, 'keyless'>> = []
  for (const [name, value] of Object.entries(request.params ?? {})) {
    const encoded = percentEncodeFirst(String(value))
    if (encoded === undefined) continue
    forms.push({
      what: `the path parameter ${name} with a character percent-encoded (${encoded})`,
      plain: request,
      form: { ...request, params: { ...request.params, [name]: encoded } },
    })
  }
  const parameters = specParameters(operation.operationId).filter((parameter) => parameter.in === 'query')
  const filters = parameters.flatMap(({ name, schema }): Array<[string, string]> => {
    const first = schema.enum?.[0]
    return typeof first === 'string' ? [[name, first]] : []
  })
  const defaults = parameters.flatMap(
    ({ name, schema }): Array<[string, string]> =>
      schema.default === undefined || filters.some(([filter]) => filter === name)
        ? []
        : [[name, String(schema.default)]],
  )
  const plain = { ...request, query: query(filters) }
  for (const [index, [name, value]] of filters.entries()) {
    const encoded = percentEncodeFirst(value) as string
    const pairs = filters.map((pair, at): [string, string] => (at === index ? [name, encoded] : pair))
    forms.push({ what: `the query value ${name}=${encoded}`, plain, form: { ...request, query: query(pairs) } })
  }
  const stated: Array<[string, string]> = [...filters, ...defaults]
  if (defaults.length > 0)
    forms.push({
      what: `the default stated (${query(defaults)})`,
      plain,
      form: { ...request, query: query(stated) },
    })
  if (stated.length > 1)
    forms.push({
      what: `the query parameters in another order (${query([...stated].reverse())})`,
      plain,
      form: { ...request, query: query([...stated].reverse()) },
    })
  return forms.map((form) => ({ ...form, keyless: keyless(form.form) }))
}

/**
 * The JSON media type in other cases and with a parameter value quoted (RFC 9110 section 8.3.1: "The type and
 * subtype tokens are case-insensitive."; section 5.6.6: quoted and unquoted values are equivalent), with white space
 * around ";" (section 5.6.3), a quoted-pair (section 5.6.4) and the charset in upper case (section 8.3.2), where the
 * operation takes a JSON body; the last with a text outside ASCII in `textField`, the body's field of free text.
 * @example mediaTypeForms({ json: { name: 'Rex' } }, 'name').map((form) => form.form.contentType)
 */
export function mediaTypeForms(request: CallOptions, textField?: string): Array<FreedomForm> {
  if (request.json === undefined) return []
  const forms = [
    'Application/JSON',
    'application/json; Charset="utf-8"',
    // Section 5.6.3: OWS around ";"; section 5.6.4: a quoted-pair stands for the octet after the backslash.
    'application/json ;charset=utf-8',
    'application/json;\tcharset=utf-8',
    'application/json; charset="utf\\-8"',
  ].map((contentType) => {
    const form = { ...request, contentType }
    return { what: `Content-Type: ${JSON.stringify(contentType)}`, plain: request, form, keyless: keyless(form) }
  })
  // Section 8.3.2: charset names are case-insensitive; a name outside ASCII shows a body read in another charset.
  const json = request.json
  if (!isObject(json) || textField === undefined || typeof json[textField] !== 'string') return forms
  const accented = { ...request, json: { ...json, [textField]: `${json[textField]}-\u00e9t\u00e9` } }
  const upper = { ...accented, contentType: 'application/json; charset=UTF-8' }
  return [
    ...forms,
    {
      what: `Content-Type: application/json; charset=UTF-8, a ${textField} with "é"`,
      plain: accented,
      form: upper,
      keyless: keyless(upper),
    },
  ]
}

/** Every UTF-16 unit of a string as a `\uXXXX` escape. */
const escapedString = (text: string) => {
  const unit = (at: number) => `\\u${text.charCodeAt(at).toString(16).padStart(4, '0')}`
  return `"${Array.from({ length: text.length }, (_, at) => unit(at)).join('')}"`
}

/** A JSON value written with `write` for its string values and `between` around every structural character. */
function written(value: unknown, write: (text: string) => string, between: string): string {
  if (typeof value === 'string') return write(value)
  if (Array.isArray(value))
    return `[${between}${value.map((item) => written(item, write, between)).join(`${between},${between}`)}${between}]`
  if (!isObject(value)) return stringifyJson(value)
  const members = Object.entries(value).map(
    ([name, member]) => `${stringifyJson(name)}${between}:${between}${written(member, write, between)}`,
  )
  return `{${between}${members.join(`${between},${between}`)}${between}}`
}

/**
 * The JSON body in other texts of the same value (RFC 8259): white space around every structural character
 * (section 2), every character of every string value escaped (section 7), the members in another order (section 4: an
 * object is unordered), where the operation takes a JSON object.
 * @example jsonTextForms({ json: { name: 'Rex', size: 1 } })[2]?.form.body // '{"size":1,"name":"Rex"}'
 */
export function jsonTextForms(request: CallOptions): Array<FreedomForm> {
  const { json, ...rest } = request
  if (!isObject(json)) return []
  const reversed = Object.fromEntries(Object.entries(json).reverse())
  const texts: Array<[string, string]> = [
    ['white space around every structural character', written(json, stringifyJson, ' \t\r\n')],
    ['every character of its string values escaped (\\u0052)', written(json, escapedString, '')],
    ['the members in another order', stringifyJson(reversed)],
  ]
  return texts.map(([what, body]) => {
    const form = { ...rest, body, contentType: 'application/json' }
    return { what: `a body with ${what}`, plain: request, form, keyless: keyless(form) }
  })
}
