import { developmentApiKey } from '../../mocks/core/development-api-key.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { json, operationOf, rewrite, type Variant, type VariantRequest } from './variant.ts'

const creating = (request: VariantRequest) => operationOf(request) === 'createPet'
const validAuth = `Bearer ${developmentApiKey}`

function bodyOf(request: VariantRequest): Record<string, unknown> | undefined {
  try {
    const body = parseJson(request.body ?? '')
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** A server that stores a changed name: what it echoes and what it serves afterwards are both the changed one. */
function storesName(name: string, description: string, change: (name: string) => string): Variant {
  return rewrite({
    name,
    description,
    caughtBy: 'generated_valid_create',
    request: (r) => {
      const body = creating(r) ? bodyOf(r) : undefined
      if (typeof body?.name !== 'string') return r
      return { ...r, body: stringifyJson({ ...body, name: change(body.name) }) }
    },
  })
}

/** Treats an Authorization header the good mock refuses as the valid one when `accepts` says so. */
function authAccepts(name: string, description: string, accepts: (authorization: string) => boolean): Variant {
  return rewrite({
    name,
    description,
    caughtBy: 'generated_auth',
    request: (r) => {
      const authorization = r.headers.authorization
      if (authorization === undefined || authorization === validAuth || !accepts(authorization)) return r
      return { ...r, headers: { ...r.headers, authorization: validAuth } }
    },
  })
}

/**
 * Implementations with one defect each that no named scenario spells out: only the generated phase,
 * exploring from the spec, finds them.
 */
export const exploredFaultyVariants: Array<Variant> = [
  storesName('name-trimmed', 'trims the whitespace around a name before storing it', (name) => name.trim()),
  storesName('name-nfc-normalized', 'stores names in Unicode NFC', (name) => name.normalize('NFC')),
  storesName('name-cut-at-255', 'stores at most 255 characters of a name (a VARCHAR(255) column)', (name) =>
    [...name].slice(0, 255).join(''),
  ),
  storesName(
    'name-astral-dropped',
    'stores names in a 3-byte UTF-8 column: emoji and other astral characters become "?"',
    (name) => name.replace(/[\u{10000}-\u{10FFFF}]/gu, '?'),
  ),
  authAccepts('key-prefix-accepted', 'checks only that the header starts with "Bearer <key>"', (a) =>
    a.startsWith(validAuth),
  ),
  authAccepts(
    'key-case-insensitive',
    'compares keys without regard to case',
    (a) => a.toLowerCase() === validAuth.toLowerCase(),
  ),
  rewrite({
    name: 'body-validated-before-auth',
    description: 'refuses a malformed POST body with 400 before looking at the key',
    caughtBy: 'generated_auth',
    request: (r) =>
      creating(r) && r.headers.authorization !== validAuth && bodyOf(r) === undefined
        ? json(400, { code: 'invalid_json', message: 'The body is not a JSON object.', status: 400 })
        : r,
  }),
  rewrite({
    name: 'trailing-data-accepted',
    description: 'reads the first JSON value of a body and ignores what follows it',
    caughtBy: 'generated_invalid_create',
    request: (r) => {
      if (!creating(r) || r.body === undefined) return r
      const first = firstJsonObject(r.body)
      return first === undefined ? r : { ...r, body: first }
    },
  }),
  rewrite({
    name: 'charset-parameter-refused',
    description: 'refuses "application/json; charset=utf-8" (compares the whole Content-Type to "application/json")',
    caughtBy: 'generated_valid_create',
    request: (r) =>
      creating(r) && r.headers.authorization === validAuth && r.headers['content-type'] !== 'application/json'
        ? json(400, { code: 'unsupported_media_type', message: 'Send application/json.', status: 400 })
        : r,
  }),
  rewrite({
    name: 'large-id-server-error',
    description: 'answers 500 to a pet id beyond 2^53 (parses it into a double and fails the lookup)',
    caughtBy: 'generated_get_pet',
    request: (r) => {
      const id = /\/pets\/(-?\d+)$/.exec(r.url.pathname)?.[1]
      if (operationOf(r) !== 'getPet' || r.headers.authorization !== validAuth || id === undefined) return r
      return Number.isSafeInteger(Number(id))
        ? r
        : json(500, { code: 'internal', message: 'Lookup failed.', status: 500 })
    },
  }),
]

/** The text of the first complete JSON object at the start of `text`, when there is one and more follows. */
function firstJsonObject(text: string): string | undefined {
  for (let end = text.indexOf('}') + 1; end > 0 && end < text.length; end = text.indexOf('}', end) + 1) {
    try {
      JSON.parse(text.slice(0, end))
      return text.slice(0, end)
    } catch {
      // Not complete yet: try the next closing brace.
    }
  }
  return undefined
}
