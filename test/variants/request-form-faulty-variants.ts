import { stringifyJson } from '../../spec/json/stringify-json.ts'
import {
  forward,
  json,
  jsonBodyOf,
  mapJson,
  operationOf,
  readRequest,
  rewrite,
  type Variant,
  type VariantRequest,
  validAuth,
} from './variant.ts'

const reading = (r: VariantRequest) => ['getPet', 'listPets'].includes(operationOf(r) ?? '')

/** Changes the `name` of every pet a read returns (getPet, lists), never the echo of a create. */
function namesReadAs(name: string, description: string, change: (name: string) => unknown): Variant {
  return rewrite({
    name,
    description,
    caughtBy: 'generated_valid_create',
    response: (response, r) =>
      reading(r) && response.status === 200
        ? mapJson(response, (value) => {
            const rename = (pet: Record<string, unknown>) =>
              typeof pet?.name === 'string' ? { ...pet, name: change(pet.name) } : pet
            return Array.isArray(value) ? value.map(rename) : rename(value as Record<string, unknown>)
          })
        : response,
  })
}

/**
 * Implementations with one defect each in what a legal client may vary (the form of the request target,
 * the headers it sends, a parameter given twice, the values it stores, a page at the edge of the matches):
 * the generated and stateful phases find them.
 */
export const requestFormFaultyVariants: Array<Variant> = [
  rewrite({
    name: 'trailing-slash-skips-auth',
    description: 'checks the key on the exact paths only, while its router also answers them with a trailing slash',
    caughtBy: 'generated_path_auth',
    request: (r) =>
      r.url.pathname.length > 1 && r.url.pathname.endsWith('/')
        ? { ...r, headers: { ...r.headers, authorization: validAuth } }
        : r,
  }),
  rewrite({
    name: 'wildcard-accept-answers-text',
    description: 'answers text/plain when the client sends no Accept or a wildcard one (a negotiation default)',
    caughtBy: 'generated_request_forms',
    response: (response, r) => {
      const accept = r.headers.accept
      if (accept !== undefined && !accept.includes('*')) return response
      const headers = new Headers(response.headers)
      headers.set('content-type', 'text/plain; charset=utf-8')
      return new Response(response.body, { status: response.status, headers })
    },
  }),
  rewrite({
    name: 'repeated-status-drops-filter',
    description: 'reads a status given twice as an array, which its filter ignores: every status comes back',
    caughtBy: 'generated_request_forms',
    request: (r) => {
      if (operationOf(r) !== 'listPets' || r.url.searchParams.getAll('status').length < 2) return r
      const url = new URL(r.url)
      url.searchParams.delete('status')
      return { ...r, url }
    },
  }),
  namesReadAs(
    'numeric-names-retyped-on-read',
    'stores names in a typed column store: "007" and "1e3" read back as 7 and 1000',
    (name) => (/^\d+(?:e\d+)?$/i.test(name) ? Number(name) : name),
  ),
  namesReadAs('backslashes-unescaped-on-read', 'unescapes backslashes once more when it reads a name back', (name) =>
    name.replaceAll('\\\\', '\\'),
  ),
  rewrite({
    name: 'nested-extra-field-500',
    description: 'answers 500 to a body with an unknown field holding an object or an array (it flattens extras)',
    caughtBy: 'generated_valid_create',
    request: (r) => {
      const body = operationOf(r) === 'createPet' && r.headers.authorization === validAuth ? jsonBodyOf(r) : undefined
      const nested = Object.entries(body ?? {}).some(
        ([field, value]) => !['name', 'categoryId', 'status'].includes(field) && typeof value === 'object' && value,
      )
      return nested ? json(500, { code: 'internal', message: 'Cannot flatten.', status: 500 }) : r
    },
  }),
  rewrite({
    name: 'large-body-500',
    description: 'answers a body over 32 KB with a bare 500 (a proxy buffer) instead of taking or refusing it',
    caughtBy: 'generated_valid_create',
    request: (r) =>
      operationOf(r) === 'createPet' && (r.body?.length ?? 0) > 32 * 1024
        ? new Response('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain' } })
        : r,
  }),
  rewrite({
    name: 'empty-status-dropped',
    description: 'treats an empty status in a new pet as no status (a truthiness check) and creates the pet',
    caughtBy: 'generated_invalid_create',
    request: (r) => {
      const body = operationOf(r) === 'createPet' ? jsonBodyOf(r) : undefined
      if (body?.status !== '') return r
      const { status: _dropped, ...rest } = body
      return { ...r, body: stringifyJson(rest) }
    },
  }),
  pageShortAtExactLimit(),
]

/**
 * Reads `limit + 1` rows to learn whether more exist, but drops the last row whenever at least `limit`
 * came back: a page whose matches are exactly `limit` comes back one short.
 */
function pageShortAtExactLimit(): Variant {
  return {
    name: 'page-short-at-exact-limit',
    description: 'returns one pet too few when exactly `limit` pets match (a "has more" off-by-one)',
    caughtBy: 'stateful_model',
    wrap: (fetch) => async (input, init) => {
      const request = readRequest(input, init)
      const response = await forward(fetch, request, { signal: init?.signal })
      if (operationOf(request) !== 'listPets' || response.status !== 200) return response
      const limit = Number(request.url.searchParams.get('limit') ?? 20)
      const pets = (await response.clone().json()) as Array<unknown>
      if (pets.length !== limit || limit >= 100) return response
      const url = new URL(request.url)
      url.searchParams.set('limit', String(limit + 1))
      const more = (await (await forward(fetch, { ...request, url })).json()) as Array<unknown>
      return more.length === limit ? mapJson(response, (value) => (value as Array<unknown>).slice(0, -1)) : response
    },
  }
}
