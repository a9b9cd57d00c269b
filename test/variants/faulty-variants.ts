import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import {
  json,
  mapJson,
  operationOf,
  pathParam,
  rewrite,
  type Variant,
  type VariantRequest,
  validAuth,
  withAuth,
  withPathParams,
} from './variant.ts'

const withBody = (request: VariantRequest, body: unknown): VariantRequest => ({
  ...request,
  body: JSON.stringify(body),
})
const parse = (body: string | undefined): unknown => {
  try {
    return JSON.parse(body ?? '')
  } catch {
    return undefined
  }
}
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const creating = (request: VariantRequest) => operationOf(request) === 'createPet'
const messaging = (request: VariantRequest) => operationOf(request) === 'sendMessage'
const listing = (request: VariantRequest) => operationOf(request) === 'listPets'
const getting = (request: VariantRequest) => operationOf(request) === 'getPet'

/** Treats a refused Authorization header as a valid one, for the operations `applies` selects. */
function acceptsAuth(
  name: string,
  description: string,
  refused: (authorization: string | undefined) => boolean,
  applies: (request: VariantRequest) => boolean = () => true,
): Variant {
  return rewrite({
    name,
    description,
    caughtBy: 'auth_required',
    request: (r) => (applies(r) && refused(r.headers.authorization) ? withAuth(r) : r),
  })
}

/** Changes the body of a create request before the good mock validates it. */
function lenientCreate(name: string, description: string, change: (body: unknown) => unknown): Variant {
  return rewrite({
    name,
    description,
    caughtBy: 'invalid_body_rejected',
    request: (r) => (creating(r) ? withBody(r, change(parse(r.body))) : r),
  })
}

/** Changes the query of list requests. */
function listQuery(
  name: string,
  description: string,
  caughtBy: string,
  change: (query: URLSearchParams) => void,
): Variant {
  return rewrite({
    name,
    description,
    caughtBy,
    request: (r) => {
      if (!listing(r)) return r
      const url = new URL(r.url)
      change(url.searchParams)
      return { ...r, url }
    },
  })
}

/** Implementations with exactly one defect each, and the check that must catch it. */
export const faultyVariants: Array<Variant> = [
  rewrite({
    name: 'category-id-as-double',
    description: 'reads request bodies with JSON.parse, so a categoryId beyond 2^53 is stored rounded',
    caughtBy: 'int64_exact',
    request: (r) => {
      const body = parse(r.body)
      return creating(r) && body !== undefined ? withBody(r, body) : r
    },
  }),
  acceptsAuth(
    'list-without-auth',
    'GET /pets answers without an Authorization header',
    (a) => a === undefined,
    listing,
  ),
  acceptsAuth('any-bearer-token', 'any bearer token is accepted', (a) => /^Bearer .+/.test(a ?? '') && a !== validAuth),
  acceptsAuth(
    'basic-scheme-accepted',
    'the key under the Basic scheme is accepted',
    (a) => a === `Basic ${developmentApiKey}`,
  ),
  acceptsAuth('bare-key-accepted', 'the key without a scheme is accepted', (a) => a === developmentApiKey),
  acceptsAuth('empty-token-accepted', 'an empty bearer token is accepted', (a) => a === 'Bearer '),
  acceptsAuth('messages-without-auth', 'POST /messages answers without a key', (a) => a === undefined, messaging),
  acceptsAuth('create-without-auth', 'POST /pets creates without a key', (a) => a === undefined, creating),
  acceptsAuth('get-without-auth', 'GET /pets/{petId} answers without a key', (a) => a === undefined, getting),
  rewrite({
    name: 'key-check-inverted',
    description: 'the key check inverted: the right key is refused with 401, a request without a key is answered',
    caughtBy: 'auth_required',
    request: (r) => {
      if (r.headers.authorization === undefined) return withAuth(r)
      if (r.headers.authorization !== validAuth) return r
      const { authorization: _refused, ...headers } = r.headers
      return { ...r, headers }
    },
  }),
  rewrite({
    name: 'plain-text-401',
    description: '401 answers are plain text, not an Error',
    caughtBy: 'error_body_conformance',
    response: (response) =>
      response.status === 401
        ? new Response('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain' } })
        : response,
  }),
  rewrite({
    name: 'create-answers-200',
    description: 'a created pet is answered 200, not 201',
    caughtBy: 'status_code_documented',
    response: (response, r) => (creating(r) && response.status === 201 ? mapJson(response, (v) => v, 200) : response),
  }),
  rewrite({
    name: 'create-drops-status',
    description: 'the created pet comes back without the status it was sent',
    caughtBy: 'create_echo',
    response: (response, r) =>
      creating(r) && response.status === 201
        ? mapJson(response, (v) => ({ ...(v as Pet), status: undefined }))
        : response,
  }),
  rewrite({
    name: 'create-changes-name',
    description: 'the created pet comes back with its name upper-cased',
    caughtBy: 'create_echo',
    response: (response, r) =>
      creating(r) && response.status === 201
        ? mapJson(response, (v) => ({ ...(v as Pet), name: (v as Pet).name.toUpperCase() }))
        : response,
  }),
  rewrite({
    name: 'create-repeats-id',
    description: 'every created pet is answered with id 1',
    caughtBy: 'create_unique_id',
    response: (response, r) =>
      creating(r) && response.status === 201 ? mapJson(response, (v) => ({ ...(v as Pet), id: 1 })) : response,
  }),
  rewrite({
    name: 'created-not-readable',
    description: 'pets created after start-up are not found by GET /pets/{petId}',
    caughtBy: 'created_readable',
    request: (r) =>
      getting(r) && Number(pathParam(r, 'petId')) > 50
        ? json(404, { code: 'not_found', message: 'No such pet.', status: 404 })
        : r,
  }),
  (() => {
    const overwritten = new Map<number, Pet>()
    return rewrite({
      name: 'client-id-overwrites',
      description: 'a client-sent id replaces the existing pet with that id',
      caughtBy: 'client_id_ignored',
      request: (r) => {
        const body = parse(r.body)
        if (
          creating(r) &&
          isRecord(body) &&
          typeof body.id === 'number' &&
          typeof body.name === 'string' &&
          typeof body.categoryId === 'number'
        ) {
          const pet = { id: body.id, name: body.name, categoryId: body.categoryId }
          overwritten.set(body.id, pet)
          return json(201, pet)
        }
        const id = Number(pathParam(r, 'petId'))
        if (getting(r) && overwritten.has(id) && r.headers.authorization === validAuth)
          return json(200, overwritten.get(id))
        return r
      },
    })
  })(),
  lenientCreate('string-category-coerced', 'a string categoryId is read as a number', (b) =>
    isRecord(b) && typeof b.categoryId === 'string' ? { ...b, categoryId: Number(b.categoryId) } : b,
  ),
  lenientCreate('fractional-category-rounded', 'a fractional categoryId is rounded', (b) =>
    isRecord(b) && typeof b.categoryId === 'number' ? { ...b, categoryId: Math.round(b.categoryId) } : b,
  ),
  lenientCreate('unknown-status-dropped', 'a status outside the enum is dropped', (b) =>
    isRecord(b) && typeof b.status === 'string' && !['available', 'pending', 'sold'].includes(b.status)
      ? { ...b, status: undefined }
      : b,
  ),
  lenientCreate('null-status-dropped', 'a null status is dropped', (b) =>
    isRecord(b) && b.status === null ? { ...b, status: undefined } : b,
  ),
  lenientCreate('missing-name-defaulted', 'a missing name becomes "Unnamed"', (b) =>
    isRecord(b) && b.name === undefined && b.categoryId !== undefined ? { ...b, name: 'Unnamed' } : b,
  ),
  lenientCreate('array-body-unwrapped', 'an array body is read as its first element', (b) =>
    Array.isArray(b) ? b[0] : b,
  ),
  rewrite({
    name: 'invalid-json-500',
    description: 'invalid JSON crashes the create handler',
    caughtBy: 'no_server_error',
    request: (r) =>
      creating(r) && r.body !== '' && parse(r.body) === undefined
        ? new Response('Internal Server Error', { status: 500 })
        : r,
  }),
  rewrite({
    name: 'wrapped-list',
    description: 'the list is wrapped in an object',
    caughtBy: 'list_bare_array',
    response: (response, r) =>
      listing(r) && response.status === 200 ? mapJson(response, (items) => ({ items })) : response,
  }),
  listQuery(
    'default-limit-10',
    'the default limit is 10',
    'list_default_limit',
    (q) => q.has('limit') || q.set('limit', '10'),
  ),
  rewrite({
    name: 'limit-off-by-one',
    description: 'limit=n returns n-1 pets',
    caughtBy: 'list_limit_exact',
    response: (response, r) =>
      listing(r) && response.status === 200 ? mapJson(response, (v) => (v as Array<Pet>).slice(0, -1)) : response,
  }),
  rewrite({
    name: 'limit-101-returns-101',
    description: 'limit=101 is forgiven, and answered with 101 pets',
    caughtBy: 'invalid_limit_rejected',
    request: (r) => {
      if (!listing(r) || r.url.searchParams.get('limit') !== '101') return r
      const url = new URL(r.url)
      url.searchParams.set('limit', '100')
      return { ...r, url }
    },
    response: (response, r) =>
      listing(r) && response.status === 200 && r.url.searchParams.get('limit') === '101'
        ? mapJson(response, (v) =>
            Array.from({ length: 101 }, (_, i) => ({
              ...(v as Array<Pet>)[i % (v as Array<Pet>).length],
              id: 20_000 + i,
            })),
          )
        : response,
  }),
  rewrite({
    name: 'invalid-limit-answered-204',
    description: 'an out-of-range limit is answered 204 with no body',
    caughtBy: 'invalid_limit_rejected',
    response: (response, r) => (listing(r) && response.status === 400 ? new Response(null, { status: 204 }) : response),
  }),
  rewrite({
    name: 'text-plain-body-mangled',
    description:
      'takes a text/plain or form body as a form: the whole JSON text becomes one field name, and the pet is ' +
      'stored with the name "form" (a body parser chosen by Content-Type)',
    caughtBy: 'unsupported_media_type_rejected',
    request: (r) => {
      if (!creating(r) || (r.headers['content-type'] ?? '').startsWith('application/json')) return r
      return {
        ...r,
        headers: { ...r.headers, 'content-type': 'application/json' },
        body: stringifyJson({ name: 'form', categoryId: 1 }),
      }
    },
  }),
  listQuery(
    'unknown-status-ignored',
    'an unknown status filter is ignored',
    'invalid_status_rejected',
    (q) => q.get('status') === 'unknown-status' && q.delete('status'),
  ),
  listQuery('status-filter-ignored', 'the status filter is ignored', 'status_filter', (q) => q.delete('status')),
  rewrite({
    name: 'filter-after-limit',
    description: 'the status filter is applied after the limit',
    caughtBy: 'status_filter_before_limit',
    request: (r) => {
      if (!listing(r) || !r.url.searchParams.has('status')) return r
      const url = new URL(r.url)
      url.searchParams.delete('status')
      return { ...r, url }
    },
    response: (response, r) =>
      listing(r) && response.status === 200 && r.url.searchParams.has('status')
        ? mapJson(response, (v) => (v as Array<Pet>).filter((pet) => pet.status === r.url.searchParams.get('status')))
        : response,
  }),
  rewrite({
    name: 'more-than-100',
    description: 'limit=100 can return more than 100 pets',
    caughtBy: 'list_limit_maximum',
    response: (response, r) =>
      listing(r) && response.status === 200 && r.url.searchParams.get('limit') === '100'
        ? mapJson(response, (v) =>
            Array.from({ length: 101 }, (_, i) => ({
              ...(v as Array<Pet>)[i % (v as Array<Pet>).length],
              id: 10_000 + i,
            })),
          )
        : response,
  }),
  rewrite({
    name: 'string-ids-in-list',
    description: 'listed pets carry their id as a string',
    caughtBy: 'response_schema_conformance',
    response: (response, r) =>
      listing(r) && response.status === 200
        ? mapJson(response, (v) => (v as Array<Pet>).map((pet) => ({ ...pet, id: String(pet.id) })))
        : response,
  }),
  rewrite({
    name: 'pet-id-parsed-leniently',
    description: 'a pet id like "1.5" is read as 1',
    caughtBy: 'invalid_pet_id_rejected',
    request: (r) =>
      getting(r)
        ? withPathParams(r, (name, id) =>
            name !== 'petId' || /^-?\d+$/.test(id) || Number.isNaN(Number.parseInt(id, 10))
              ? id
              : String(Number.parseInt(id, 10)),
          )
        : r,
  }),
  rewrite({
    name: 'unknown-pet-200-null',
    description: 'an unknown id is answered 200 with null',
    caughtBy: 'unknown_pet_not_found',
    response: (response, r) => (getting(r) && response.status === 404 ? json(200, null) : response),
  }),
  rewrite({
    name: 'not-found-empty-body',
    description: 'a 404 has an empty body',
    caughtBy: 'error_body_conformance',
    response: (response, r) =>
      getting(r) && response.status === 404
        ? new Response(null, { status: 404, headers: { 'content-type': 'application/json' } })
        : response,
  }),
  rewrite({
    name: 'get-renames-pet',
    description: 'GET /pets/{petId} answers a different name than the list',
    caughtBy: 'get_matches_list',
    response: (response, r) =>
      getting(r) && response.status === 200
        ? mapJson(response, (v) => ({ ...(v as Pet), name: `${(v as Pet).name}!` }))
        : response,
  }),
  rewrite({
    name: 'non-integer-id-500',
    description: 'a non-integer id crashes the handler',
    caughtBy: 'no_server_error',
    response: (response, r) =>
      getting(r) && response.status === 400 ? new Response('boom', { status: 500 }) : response,
  }),
  rewrite({
    name: 'message-missing-accepted',
    description: 'a message body without "message" is queued anyway',
    caughtBy: 'invalid_message_rejected',
    request: (r) =>
      messaging(r) && isRecord(parse(r.body)) && !('message' in (parse(r.body) as object))
        ? withBody(r, { message: '' })
        : r,
  }),
  rewrite({
    name: 'message-invalid-json-500',
    description: 'invalid JSON crashes the messages handler',
    caughtBy: 'no_server_error',
    request: (r) =>
      messaging(r) && parse(r.body) === undefined ? new Response('Internal Server Error', { status: 500 }) : r,
  }),
  rewrite({
    name: 'message-null-body-500',
    description: 'the messages handler reads body.message without a guard: a JSON null body crashes it',
    caughtBy: 'invalid_message_rejected',
    request: (r) => (messaging(r) && r.body === 'null' ? new Response('Internal Server Error', { status: 500 }) : r),
  }),
  rewrite({
    name: 'message-type-unchecked',
    description: 'the messages handler checks only that "message" is present, not its type: a number is queued as text',
    caughtBy: 'invalid_message_rejected',
    request: (r) => {
      const body = messaging(r) ? parse(r.body) : undefined
      return isRecord(body) && typeof body.message === 'number' ? withBody(r, { message: String(body.message) }) : r
    },
  }),
  rewrite({
    name: 'message-created-at-not-iso',
    description: 'createdAt is not an ISO 8601 timestamp',
    caughtBy: 'message_queued',
    response: (response, r) =>
      messaging(r) && response.ok ? mapJson(response, (v) => ({ ...(v as object), createdAt: 'yesterday' })) : response,
  }),
  rewrite({
    name: 'message-numeric-id',
    description: 'the message id is a number',
    caughtBy: 'message_queued',
    response: (response, r) =>
      messaging(r) && response.ok ? mapJson(response, (v) => ({ ...(v as object), id: 7 })) : response,
  }),
  rewrite({
    name: 'message-not-echoed',
    description: 'the message text is not echoed',
    caughtBy: 'message_queued',
    response: (response, r) =>
      messaging(r) && response.ok ? mapJson(response, (v) => ({ ...(v as object), message: 'hello' })) : response,
  }),
  rewrite({
    name: 'error-status-mismatch',
    description: 'Error.status is always 500',
    caughtBy: 'error_body_conformance',
    response: (response) =>
      response.status >= 400 ? mapJson(response, (v) => ({ ...(v as object), status: 500 })) : response,
  }),
  rewrite({
    name: 'error-empty-code',
    description: 'Error.code is empty',
    caughtBy: 'error_body_conformance',
    response: (response) =>
      response.status >= 400 ? mapJson(response, (v) => ({ ...(v as object), code: '' })) : response,
  }),
  rewrite({
    name: 'list-as-text-plain',
    description: 'the list is sent as text/plain',
    caughtBy: 'json_content_type',
    response: async (response, r) =>
      listing(r) && response.ok
        ? new Response(await response.text(), { status: 200, headers: { 'content-type': 'text/plain' } })
        : response,
  }),
]
