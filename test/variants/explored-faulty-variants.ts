import type { PetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { PetStatus } from '../../spec/types.ts'
import {
  forward,
  json,
  jsonBodyOf,
  mapJson,
  operationOf,
  pathParam,
  readRequest,
  rewrite,
  type Variant,
  type VariantRequest,
  validAuth,
} from './variant.ts'

const creating = (request: VariantRequest) => operationOf(request) === 'createPet'

/** A server that stores a changed name: what it echoes and what it serves afterwards are both the changed one. */
function storesName(name: string, description: string, change: (name: string) => string): Variant {
  return rewrite({
    name,
    description,
    caughtBy: 'generated_valid_create',
    request: (r) => {
      const body = creating(r) ? jsonBodyOf(r) : undefined
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
    name: 'charset-parameter-refused',
    description: 'refuses "application/json; charset=utf-8" (compares the whole Content-Type to "application/json")',
    caughtBy: 'generated_valid_create',
    request: (r) =>
      creating(r) && r.headers.authorization === validAuth && r.headers['content-type'] !== 'application/json'
        ? json(400, { code: 'unsupported_media_type', message: 'Send application/json.', status: 400 })
        : r,
  }),
  rewrite({
    name: 'status-dropped-with-limit',
    description:
      'builds the list query as "if limit … else if status …", so a status filter sent with a limit is dropped',
    caughtBy: 'generated_list_query',
    request: (r) => {
      if (operationOf(r) !== 'listPets' || !r.url.searchParams.has('limit')) return r
      const url = new URL(r.url)
      url.searchParams.delete('status')
      return { ...r, url }
    },
  }),
  rewrite({
    name: 'unknown-status-ignored',
    description: 'forgives an unknown status filter by ignoring it, and so lists pets of every status',
    caughtBy: 'generated_invalid_query',
    request: (r) => {
      const status = r.url.searchParams.get('status')
      if (operationOf(r) !== 'listPets' || status === null || ['available', 'pending', 'sold'].includes(status))
        return r
      const url = new URL(r.url)
      url.searchParams.delete('status')
      return { ...r, url }
    },
  }),
  rewrite({
    name: 'large-id-server-error',
    description: 'answers 500 to a pet id beyond 2^53 (parses it into a double and fails the lookup)',
    caughtBy: 'generated_get_pet',
    request: (r) => {
      const id = pathParam(r, 'petId')
      if (operationOf(r) !== 'getPet' || r.headers.authorization !== validAuth || !/^-?\d+$/.test(id ?? '')) return r
      return Number.isSafeInteger(Number(id))
        ? r
        : json(500, { code: 'internal', message: 'Lookup failed.', status: 500 })
    },
  }),
  rewrite({
    name: 'id-zero-server-error',
    description: 'answers 500 to the pet id 0 (a falsy id taken for a missing one, then dereferenced)',
    caughtBy: 'generated_get_pet',
    request: (r) => {
      const id = pathParam(r, 'petId')
      if (operationOf(r) !== 'getPet' || r.headers.authorization !== validAuth || id === undefined) return r
      return Number(id) === 0 && /^-?0+$/.test(id)
        ? json(500, { code: 'internal', message: 'Cannot read the pet.', status: 500 })
        : r
    },
  }),
]

/** Implementations with one defect that only shows over a sequence of requests: the stateful phase finds them. */
export const statefulFaultyVariants: Array<Variant> = [
  limitPastMaximumHonoured(),
  staleListCache(),
  concurrentCreatesShareId(),
  statusIndexFromStartUp(),
]

/**
 * Takes any limit of 1 or more and returns that many pets: the range check stops at the minimum, so a limit past 100
 * is honoured. It shows only on a store of more than 100 pets.
 */
function limitPastMaximumHonoured(): Variant {
  let store: PetStoreModel | undefined
  const asked = (request: VariantRequest) =>
    operationOf(request) === 'listPets' ? Number(request.url.searchParams.get('limit')) : Number.NaN
  return {
    ...rewrite({
      name: 'limit-past-100-honoured',
      description: 'checks only that limit is at least 1: limit=1000 returns up to 1,000 pets',
      caughtBy: 'stateful_model',
      request: (r) => {
        if (!(asked(r) > 100)) return r
        const url = new URL(r.url)
        url.searchParams.set('limit', '100')
        return { ...r, url }
      },
      response: (response, r) => {
        const limit = asked(r)
        if (!(limit > 100) || response.status !== 200 || !store) return response
        const status = r.url.searchParams.get('status') as PetStatus | null
        const headers = [...response.headers].filter(([name]) => name !== 'content-length')
        return json(200, store.listPets({ limit, ...(status && { status }) }), Object.fromEntries(headers))
      },
    }),
    model: (model) => {
      store = model
      return {}
    },
  }
}

/** Caches each list answer by its query and never invalidates it when a pet is created. */
function staleListCache(): Variant {
  return {
    name: 'stale-list-cache',
    description: 'caches list answers by query and never invalidates them on create',
    caughtBy: 'stateful_model',
    wrap: (fetch) => {
      const cache = new Map<string, { status: number; text: string; headers: Record<string, string> }>()
      return async (input, init) => {
        const request = readRequest(input, init)
        if (operationOf(request) !== 'listPets' || request.headers.authorization !== validAuth)
          return forward(fetch, request, { signal: init?.signal })
        const key = request.url.search
        let hit = cache.get(key)
        if (!hit) {
          const response = await forward(fetch, request, { signal: init?.signal })
          hit = { status: response.status, text: await response.text(), headers: Object.fromEntries(response.headers) }
          if (response.status === 200) cache.set(key, hit)
        }
        return new Response(hit.text, { status: hit.status, headers: hit.headers })
      }
    },
  }
}

/** Gives a create the id of another create still in flight (max(id) + 1 read before the insert). */
function concurrentCreatesShareId(): Variant {
  return {
    name: 'concurrent-creates-share-id',
    description: 'assigns max(id) + 1 read before the insert, so creates in flight together share an id',
    caughtBy: 'stateful_model',
    wrap: (fetch) => {
      let inFlight: Array<Promise<unknown>> = []
      return async (input, init) => {
        const request = readRequest(input, init)
        if (!creating(request)) return forward(fetch, request, { signal: init?.signal })
        const earlier = inFlight[0]
        const response = forward(fetch, request, { signal: init?.signal })
        const body = response.then((r) => r.clone().text())
        inFlight.push(body)
        const answer = await response
        inFlight = inFlight.filter((item) => item !== body)
        if (answer.status !== 201 || !earlier) return answer
        const earlierId = /"id":(\d+)/.exec(String(await earlier))?.[1]
        const text = (await body).replace(/"id":\d+/, `"id":${earlierId}`)
        return new Response(text, { status: 201, headers: Object.fromEntries(answer.headers) })
      }
    },
  }
}

/** Builds its status index at start-up and never adds to it: filtered lists miss every pet created since. */
function statusIndexFromStartUp(): Variant {
  return {
    name: 'status-index-from-start-up',
    description:
      'filters by status from an index built at start-up, so pets created later never show in a filtered list',
    caughtBy: 'stateful_model',
    wrap: (fetch) => {
      let startUpIds: Promise<Set<string>> | undefined
      return async (input, init) => {
        const request = readRequest(input, init)
        startUpIds ??= forward(fetch, {
          method: 'GET',
          url: new URL('/v1/pets?limit=100', request.url),
          headers: { authorization: validAuth },
        })
          .then((response) => response.json() as Promise<Array<{ id: number }>>)
          .then((pets) => new Set(pets.map((pet) => String(pet.id))))
        const response = await forward(fetch, request, { signal: init?.signal })
        if (operationOf(request) !== 'listPets' || !request.url.searchParams.has('status') || response.status !== 200)
          return response
        const known = await startUpIds
        return mapJson(response, (pets) => (pets as Array<{ id: number }>).filter((pet) => known.has(String(pet.id))))
      }
    },
  }
}
