import { MockError } from '../../mocks/core/mock-error.ts'
import { isInt64 } from '../../spec/int64.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import { mappedIds, offsetIds } from './mapped-ids.ts'
import {
  json,
  jsonBodyOf,
  mapJson,
  onModel,
  operationOf,
  rewrite,
  type Variant,
  type VariantRequest,
  validAuth,
  withPathParams,
} from './variant.ts'

const listing = (request: VariantRequest) => operationOf(request) === 'listPets'
const mapPets = (value: unknown, change: (pet: Pet) => unknown): unknown =>
  Array.isArray(value)
    ? value.map((pet) => change(pet as Pet))
    : typeof value === 'object' && value !== null && 'id' in value
      ? change(value as Pet)
      : value

/** Implementations that make other choices the interface allows: each must pass the suite. */
export const conformantVariants: Array<Variant> = [
  refusesNames(
    'storage-limited-names',
    'refuses, with a 400 Error, a pet whose name is over 255 characters or holds a control character ' +
      '(a database column), never storing it changed',
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    (name) => name.length > 255 || /[\u0000-\u001f\u007f]/.test(name),
    'The name is too long or holds a control character.',
  ),
  {
    name: 'slow-with-429',
    description: 'answers after a delay, and every 25th request with 429 and Retry-After: 0 (a rate limiter)',
    wrap: (fetch) => {
      let requests = 0
      return async (input, init) => {
        await new Promise((resolve) => setTimeout(resolve, 3))
        if (++requests % 25 === 0)
          return json(429, { code: 'rate_limited', message: 'Slow down.', status: 429 }, { 'retry-after': '0' })
        return fetch(input, init)
      }
    },
  },
  onModel({
    name: 'newest-first',
    description: 'lists pets newest first',
    // The model's list answer, newest first: whatever operation lists pets, and whichever pets exist.
    model: (model) => ({
      listPets: ({ status, limit }) =>
        model
          .allPets()
          .filter((pet) => status === undefined || pet.status === status)
          .slice(-limit)
          .reverse(),
    }),
  }),
  mappedIds('large-ids', 'assigns ids above 10^12', offsetIds(10n ** 12n)),
  mappedIds(
    'ids-above-2^53',
    'assigns int64 ids above 2^53 (up to 2^62 and more), which JSON.parse would round',
    offsetIds(2n ** 62n),
  ),
  rewrite({
    name: 'extra-fields-and-headers',
    description: 'adds fields to pets and headers to every answer',
    response: async (response) => {
      const changed =
        response.ok && response.status !== 204
          ? await mapJson(response, (v) => mapPets(v, (pet) => ({ ...pet, tags: ['x'], photoUrls: [] })))
          : response
      const headers = new Headers(changed.headers)
      headers.set('x-request-id', 'abc-123')
      return new Response(changed.body, { status: changed.status, headers })
    },
  }),
  rewrite({
    name: 'other-error-codes',
    description: 'uses its own error codes and messages',
    response: (response) =>
      response.status >= 400
        ? mapJson(response, (v) => ({ ...(v as object), code: `E${response.status}01`, message: 'Request refused.' }))
        : response,
  }),
  rewrite({
    name: 'location-of-created',
    description:
      "sends Location: /v1/pets/{id} on a created pet's 201, relative to the origin (RFC 9110 section 15.3.2)",
    response: async (response, r) => {
      if (operationOf(r) !== 'createPet' || response.status !== 201) return response
      const text = await response.text()
      const headers = new Headers(response.headers)
      headers.set('location', `${r.url.pathname}/${String((parseJson(text) as { id?: unknown }).id)}`)
      return new Response(text, { status: 201, headers })
    },
  }),
  rewrite({
    name: 'created-at-local-time',
    deviates: true,
    description:
      "gives createdAt as Python's datetime.isoformat() writes a naive time: ISO 8601 local time, no offset " +
      '(2026-11-27T13:05:00.123456), which the suite once failed against "ISO 8601 timestamp"',
    response: (response, r) =>
      operationOf(r) === 'sendMessage' && response.ok
        ? mapJson(response, (v) => ({ ...(v as object), createdAt: '2026-11-27T13:05:00.123456' }))
        : response,
  }),
  rewrite({
    name: 'messages-answer-201',
    deviates: true,
    description: 'answers POST /messages with 201',
    response: (response, r) =>
      operationOf(r) === 'sendMessage' && response.status === 202 ? mapJson(response, (v) => v, 201) : response,
  }),
  rewrite({
    name: 'messages-answer-200',
    deviates: true,
    description: 'answers POST /messages with 200 and a +02:00 timestamp',
    response: (response, r) =>
      operationOf(r) === 'sendMessage' && response.status === 202
        ? mapJson(response, (v) => ({ ...(v as object), createdAt: '2026-11-22T12:00:00.000+02:00' }), 200)
        : response,
  }),
  rewrite({
    name: 'default-status-available',
    deviates: true,
    description: 'gives a pet created without status the status "available"',
    request: (r) => {
      if (operationOf(r) !== 'createPet') return r
      try {
        const body = parseJson(r.body ?? '') as Record<string, unknown>
        if (
          typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          !('status' in body) &&
          typeof body.name === 'string' &&
          isInt64(body.categoryId)
        ) {
          return { ...r, body: stringifyJson({ ...body, status: 'available' }) }
        }
      } catch {
        // Not JSON: the good mock refuses it.
      }
      return r
    },
  }),
  rewrite({
    name: 'lowercase-bearer-refused',
    deviates: true,
    description: 'refuses a lower-case "bearer" scheme',
    request: (r) =>
      r.headers.authorization?.startsWith('bearer ')
        ? json(401, { code: 'unauthorized', message: 'Use "Bearer".', status: 401 }, { 'www-authenticate': 'Bearer' })
        : r,
  }),
  rewrite({
    name: 'no-deprecation-headers',
    deviates: true,
    description: 'sends no Deprecation or Sunset header',
    response: (response) => {
      const headers = new Headers(response.headers)
      headers.delete('deprecation')
      headers.delete('sunset')
      return new Response(response.body, { status: response.status, headers })
    },
  }),
  rewrite({
    name: 'non-integer-id-404',
    deviates: true,
    description: 'answers a non-integer pet id with 404',
    response: (response, r) =>
      operationOf(r) === 'getPet' && response.status === 400
        ? mapJson(response, (v) => ({ ...(v as object), status: 404 }), 404)
        : response,
  }),
  rewrite({
    name: 'json-with-charset',
    description: 'sends application/json; charset=utf-8',
    response: (response) => {
      const headers = new Headers(response.headers)
      if (headers.get('content-type') === 'application/json')
        headers.set('content-type', 'application/json; charset=utf-8')
      return new Response(response.body, { status: response.status, headers })
    },
  }),
  rewrite({
    name: 'client-id-refused',
    deviates: true,
    description: 'refuses a body that carries an id with 422',
    request: (r) =>
      operationOf(r) === 'createPet' && /"id"\s*:/.test(r.body ?? '')
        ? json(422, { code: 'id_not_allowed', message: 'Ids are assigned by the service.', status: 422 })
        : r,
  }),
  ...forgivingQueries(),
  rewrite({
    name: 'json-whatever-content-type',
    description: 'takes a body as JSON whatever its Content-Type says (text/plain, a form, text/html)',
    deviates: true,
    request: (r) =>
      operationOf(r) === 'createPet' && !(r.headers['content-type'] ?? '').startsWith('application/json')
        ? { ...r, headers: { ...r.headers, 'content-type': 'application/json' } }
        : r,
  }),
  rewrite({
    name: 'lax-pet-ids',
    description: 'reads a pet id with Number(), so /pets/1.0 and /pets/%201 answer pet 1 (and /pets/7.5 is 404)',
    deviates: true,
    request: (r) =>
      operationOf(r) === 'getPet'
        ? withPathParams(r, (name, value) => (name === 'petId' ? laxPetId(value) : value))
        : r,
    response: (response, r) =>
      operationOf(r) === 'getPet' && response.status === 400
        ? mapJson(response, (v) => ({ ...(v as object), status: 404 }), 404)
        : response,
  }),
  refusesNames(
    'empty-name-refused',
    "refuses an empty or blank name with 400 (a validation library's default), stores every other",
    (name) => name.trim() === '',
    '"name" is not allowed to be empty',
  ),
  rewrite({
    name: 'media-type-415',
    description: 'refuses a body that is not application/json with 415',
    deviates: true,
    request: (r) =>
      operationOf(r) === 'createPet' && !(r.headers['content-type'] ?? '').startsWith('application/json')
        ? json(415, { code: 'unsupported_media_type', message: 'Send application/json.', status: 415 })
        : r,
  }),
  rewrite({
    name: 'body-validated-before-auth',
    description:
      'refuses a malformed POST body with 400 before looking at the key (a body parser mounted before the ' +
      "authentication, as Express's docs mount express.json())",
    deviates: true,
    request: (r) =>
      operationOf(r) === 'createPet' && r.headers.authorization !== validAuth && jsonBodyOf(r) === undefined
        ? json(400, { code: 'invalid_json', message: 'The body is not a JSON object.', status: 400 })
        : r,
  }),
  rewrite({
    name: 'trailing-data-accepted',
    description:
      'reads the first JSON value of a body and ignores what follows it (a streaming parser): RFC 8259 section 9 ' +
      'lets a parser take more than JSON',
    deviates: true,
    request: (r) => {
      if (operationOf(r) !== 'createPet' || r.body === undefined) return r
      const first = firstJsonObject(r.body)
      return first === undefined ? r : { ...r, body: first }
    },
  }),
]

/** A pet id as `Number()` reads it, written as the good mock reads ids; one it cannot read as it came. */
function laxPetId(raw: string): string {
  let id: number
  try {
    id = Number(decodeURIComponent(raw))
  } catch {
    return raw
  }
  if (!Number.isSafeInteger(id) || String(id) === raw) return raw
  return id > 0 ? String(id) : '0'
}

/**
 * A store whose model refuses some names the good mock stores: with a 400 Error, after the key and the body's
 * shape are checked, as every create of the good mock (the refusal is the model's, so the order is the core's).
 */
function refusesNames(name: string, description: string, refuses: (name: string) => boolean, message: string): Variant {
  return onModel({
    name,
    description,
    deviates: true,
    model: (model) => ({
      createPet: (newPet) =>
        refuses(newPet.name) ? Promise.reject(new MockError(400, 'invalid_body', message)) : model.createPet(newPet),
    }),
  })
}

/** Changes the query of list requests before the good mock reads it. */
function listQuery(name: string, description: string, change: (query: URLSearchParams) => void): Variant {
  return rewrite({
    name,
    description,
    deviates: true,
    request: (r) => {
      if (!listing(r)) return r
      const url = new URL(r.url)
      change(url.searchParams)
      return { ...r, url }
    },
  })
}

/** Implementations that forgive an invalid `limit` or an unknown `status` within the interface's rules. */
function forgivingQueries(): Array<Variant> {
  return [
    listQuery(
      'limit-over-maximum-clamped',
      'reads limit=101 as 100',
      (q) => q.get('limit') === '101' && q.set('limit', '100'),
    ),
    listQuery('limit-zero-clamped', 'reads limit=0 as 1', (q) => q.get('limit') === '0' && q.set('limit', '1')),
    listQuery(
      'malformed-limit-ignored',
      'ignores a non-numeric limit',
      (q) => q.get('limit') === 'abc' && q.delete('limit'),
    ),
    listQuery('forgiving-limit', 'clamps limit into 1..100 and ignores one that is not an integer', (q) => {
      const limit = q.get('limit')
      if (limit === null) return
      const value = Number(limit)
      if (limit === '' || !Number.isInteger(value)) q.delete('limit')
      else q.set('limit', String(Math.min(100, Math.max(1, value))))
    }),
    rewrite({
      name: 'unknown-status-empty-list',
      description: 'answers an unknown status filter with an empty list',
      deviates: true,
      // After authentication, as every answer (the generated phase caught an earlier version answering without a key).
      request: (r) =>
        listing(r) &&
        r.headers.authorization === validAuth &&
        !['available', 'pending', 'sold', null].includes(r.url.searchParams.get('status'))
          ? json(200, [])
          : r,
    }),
  ]
}

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
