import type { Pet } from '../../spec/types.ts'
import {
  forward,
  json,
  mapJson,
  operationOf,
  readRequest,
  rewrite,
  type Variant,
  type VariantRequest,
} from './variant.ts'

const offset = 1_000_000_000_000
const listing = (request: VariantRequest) => operationOf(request) === 'listPets'
const mapPets = (value: unknown, change: (pet: Pet) => unknown): unknown =>
  Array.isArray(value)
    ? value.map((pet) => change(pet as Pet))
    : typeof value === 'object' && value !== null && 'id' in value
      ? change(value as Pet)
      : value

/** Implementations that make other choices the interface allows: each must pass the suite. */
export const conformantVariants: Array<Variant> = [
  {
    name: 'newest-first',
    description: 'lists pets newest first',
    wrap: (fetch) => async (input, init) => {
      const request = readRequest(input, init)
      const original = await forward(fetch, request, { signal: init?.signal })
      if (!listing(request) || original.status !== 200) return original
      // As many pets as the good mock returned, but taken from the newest end.
      const count = ((await original.json()) as Array<Pet>).length
      const everything = new URL(request.url)
      everything.searchParams.set('limit', '100')
      return mapJson(await forward(fetch, { ...request, url: everything }), (pets) =>
        (pets as Array<Pet>).reverse().slice(0, count),
      )
    },
  },
  rewrite({
    name: 'large-ids',
    description: 'assigns ids above 10^12',
    request: (r) => {
      const match = /\/pets\/(-?\d+)$/.exec(r.url.pathname)
      if (!match || Math.abs(Number(match[1])) < offset) return r
      const url = new URL(r.url)
      url.pathname = url.pathname.replace(/\d+$/, String(Number(match[1]) - offset))
      return { ...r, url }
    },
    response: (response, r) =>
      response.ok && operationOf(r) !== 'sendMessage'
        ? mapJson(response, (v) => mapPets(v, (pet) => ({ ...pet, id: pet.id + offset })))
        : response,
  }),
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
        const body = JSON.parse(r.body ?? '') as Record<string, unknown>
        if (
          typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          !('status' in body) &&
          typeof body.name === 'string' &&
          Number.isInteger(body.categoryId)
        ) {
          return { ...r, body: JSON.stringify({ ...body, status: 'available' }) }
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
        ? json(401, { code: 'unauthorized', message: 'Use "Bearer".', status: 401 })
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
    name: 'media-type-415',
    description: 'refuses a body that is not application/json with 415',
    deviates: true,
    request: (r) =>
      operationOf(r) === 'createPet' && !(r.headers['content-type'] ?? '').startsWith('application/json')
        ? json(415, { code: 'unsupported_media_type', message: 'Send application/json.', status: 415 })
        : r,
  }),
]

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
      request: (r) =>
        listing(r) && !['available', 'pending', 'sold', null].includes(r.url.searchParams.get('status'))
          ? json(200, [])
          : r,
    }),
  ]
}
