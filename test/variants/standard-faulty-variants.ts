import { createHash } from 'node:crypto'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { PetStatus } from '../../spec/types.ts'
import { type HttpVariant, readBody, writeAnswer } from './http-variant.ts'
import {
  forward,
  json,
  jsonBodyOf,
  onModel,
  operationOf,
  readRequest,
  rewrite,
  routeOf,
  type Variant,
  type VariantRequest,
  validAuth,
  withAuth,
} from './variant.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The request as its path's GET: what a router matching by path alone would run. */
const asGet = (request: VariantRequest): VariantRequest => ({ ...request, method: 'GET', body: undefined })
const lacksMethod = (request: VariantRequest) =>
  routeOf(asGet(request)) !== undefined && !['GET', 'HEAD', 'POST', 'OPTIONS'].includes(request.method)

/** Changes one string field of the bodies of one operation before the good mock stores it. */
function storesText(
  name: string,
  description: string,
  caughtBy: string,
  operationId: 'createPet' | 'sendMessage',
  field: string,
  change: (text: string) => string,
): Variant {
  return rewrite({
    name,
    description,
    caughtBy,
    request: (r) => {
      const body = operationOf(r) === operationId ? jsonBodyOf(r) : undefined
      const value = body?.[field]
      return typeof value === 'string' ? { ...r, body: stringifyJson({ ...body, [field]: change(value) }) } : r
    },
  })
}

/** Pets the variant's clients created, and when: what a lagging or forgetful store hides. */
function createdAt(): { times: Map<number, number>; age(id: number): number | undefined } {
  const times = new Map<number, number>()
  return {
    times,
    age: (id) => (times.has(id) ? performance.now() - (times.get(id) as number) : undefined),
  }
}

/** A store that hides, from every read, each pet it created for as long as `hidden(age)` says. */
function hidesCreated(name: string, description: string, caughtBy: string, hidden: (age: number) => boolean): Variant {
  return onModel({
    name,
    description,
    caughtBy,
    model: (model) => {
      const created = createdAt()
      const visible = (id: number) => {
        const age = created.age(id)
        return age === undefined || !hidden(age)
      }
      return {
        createPet: async (newPet) => {
          const pet = await model.createPet(newPet)
          created.times.set(pet.id, performance.now())
          return pet
        },
        findPet: (id) => (visible(id) ? model.findPet(id) : undefined),
        listPets: ({ status, limit }) =>
          model
            .allPets()
            .filter((pet) => visible(pet.id) && (status === undefined || pet.status === status))
            .slice(0, limit),
      }
    },
  })
}

const latin1 = (text: string) =>
  new Uint8Array([...text].map((c) => (c.charCodeAt(0) <= 0xff && c.length === 1 ? c.charCodeAt(0) : 0x3f)))
const isJsonAnswer = (answer: Response) => /json/i.test(answer.headers.get('content-type') ?? '')

/** Leaves one header field out of every answer of one status: what a hand-written handler forgets. */
function leavesOut(name: string, description: string, caughtBy: string, status: number, field: string): Variant {
  return rewrite({
    name,
    description,
    caughtBy,
    response: (response) => {
      if (response.status !== status) return response
      const headers = new Headers(response.headers)
      headers.delete(field)
      return new Response(response.body, { status, headers })
    },
  })
}

/** Answers over HTTP with the good mock behind, reading the body and writing the answer as `handle` says. */
function overHttp(name: string, description: string, caughtBy: string, handle: HttpVariant['handle']): HttpVariant {
  return { name, description, caughtBy, handle }
}

/**
 * A variant over HTTP whose handler never answers the requests `hangs` picks (given the good mock's status): the
 * connection stays open until the client gives up on it. Every other request gets the good mock's answer.
 */
function leftUnanswered(
  name: string,
  description: string,
  hangs: (method: string, url: string, status: number) => boolean,
): HttpVariant {
  return overHttp(name, description, 'request_answered', async ({ request, response, answer }) => {
    const got = await answer(await readBody(request))
    if (hangs(request.method ?? '', request.url ?? '', got.status)) return
    return writeAnswer(response, got)
  })
}

/**
 * One implementation per dimension of docs/exploration-dimensions.md, each with one realistic defect an
 * independent implementation could have, at the seam where it would sit, and the check that must catch it.
 * Those only bytes on the wire show are served over node:http on loopback.
 */
export const standardFaultyVariants: Array<Variant | HttpVariant> = [
  leftUnanswered(
    'known-pet-read-hangs',
    'its getPet handler awaits a cache lookup whose promise never settles for a pet that exists (the error path ' +
      'was the only one tried): a known id waits with no answer, an unknown one gets its 404',
    (method, url, status) => method === 'GET' && /^\/v1\/pets\/[^/?]+/.test(url) && status === 200,
  ),
  leftUnanswered(
    'pet-read-hangs',
    'its getPet handler reads from a replica whose address a bad setting points at a host that drops packets, ' +
      'with no query timeout: every read of one pet waits with no answer, known id or not, while the list and ' +
      'creates answer',
    (method, url) => method === 'GET' && /^\/v1\/pets\/[^/?]+/.test(url),
  ),
  leftUnanswered(
    'list-hangs',
    'its list handler awaits a count of the pets under a table lock that a stuck migration holds: every GET /pets ' +
      'waits with no answer, while reads of one pet and creates answer',
    (method, url) => method === 'GET' && /^\/v1\/pets(\?|$)/.test(url),
  ),
  leftUnanswered(
    'pets-api-hangs',
    'a body-reading middleware mounted on /v1 forgets to call next(): every request of the pets API waits with no ' +
      'answer, while the messages API of the same origin answers',
    (_method, url) => /^\/v1(\/|\?|$)/.test(url),
  ),
  overHttp(
    'create-route-missing',
    "its create route was registered as POST /pet (a typo): POST /pets gets the framework's HTML 404, while the " +
      'list and the reads answer',
    'status_code_documented',
    async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      if (request.method === 'POST' && /^\/v1\/pets(\?|$)/.test(request.url ?? '')) {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        response.end('<!DOCTYPE html><pre>Cannot POST /v1/pets</pre>')
        return
      }
      return writeAnswer(response, got)
    },
  ),
  leftUnanswered(
    'create-hangs',
    'its create handler awaits the insert through a connection pool that never hands out a connection (its size ' +
      'set to 0 by a bad setting): every valid POST /pets waits with no answer, while reads and refusals answer',
    (method, url, status) => method === 'POST' && /^\/v1\/pets(\?|$)/.test(url) && status === 201,
  ),
  rewrite({
    name: 'head-skips-auth',
    description: 'answers HEAD (for uptime monitors) in a handler placed before the key is checked',
    caughtBy: 'head_like_get',
    request: (r) => (r.method === 'HEAD' && routeOf(r) ? withAuth(r) : r),
  }),
  overHttp(
    'head-sends-content',
    'answers HEAD with the GET answer, content included, leaving it to a server in front to drop it (a WSGI app ' +
      'under waitress): the bytes go out after the headers',
    'head_like_get',
    async ({ request, response, answer }) => {
      if (request.method !== 'HEAD') return writeAnswer(response, await answer(await readBody(request)))
      request.method = 'GET'
      const got = await answer(undefined)
      const body = Buffer.from(await got.arrayBuffer())
      const headers = Object.fromEntries([...got.headers].filter(([name]) => name !== 'content-length'))
      response.writeHead(got.status, { ...headers, 'content-length': String(body.byteLength) })
      response.flushHeaders()
      response.socket?.write(body)
      response.end()
    },
  ),
  rewrite({
    name: 'options-crash',
    description:
      'crashes on an OPTIONS request without Access-Control-Request-Method (its CORS handler upper-cases the ' +
      'header unguarded)',
    caughtBy: 'options_answered',
    request: (r) =>
      r.method === 'OPTIONS' && r.headers['access-control-request-method'] === undefined
        ? new Response("TypeError: Cannot read properties of undefined (reading 'toUpperCase')", {
            status: 500,
            headers: { 'content-type': 'text/plain' },
          })
        : r,
  }),
  leavesOut(
    'challenge-missing',
    "answers 401 with an Error from its own key middleware and no WWW-Authenticate (what the framework's " +
      'bearer helper would have sent)',
    'www_authenticate',
    401,
    'www-authenticate',
  ),
  rewrite({
    name: 'etag-unquoted',
    description: 'sends the hash of each list as its ETag without the double quotes the grammar asks for',
    caughtBy: 'response_field_grammar',
    response: (response, r) => {
      if (response.status !== 200 || r.method !== 'GET') return response
      const headers = new Headers(response.headers)
      headers.set('etag', `${r.url.pathname.length.toString(16)}-${r.url.search.length.toString(16)}`)
      return new Response(response.body, { status: response.status, headers })
    },
  }),
  rewrite({
    name: 'authorization-echoed',
    description: 'a request-logging middleware that mirrors the Authorization of each refused request into its answer',
    caughtBy: 'response_field_grammar',
    response: (response, r) => {
      if (response.status !== 401 || r.headers.authorization === undefined) return response
      const headers = new Headers(response.headers)
      headers.set('authorization', r.headers.authorization)
      return new Response(response.body, { status: response.status, headers })
    },
  }),
  leavesOut(
    'method-not-allowed-without-allow',
    'answers a method a path lacks with 405 from its own router and no Allow header',
    'allow_on_405',
    405,
    'allow',
  ),
  rewrite({
    name: 'unrouted-method-crash',
    description:
      'switches on the method in one handler per path and throws for any method it has no case for, once the key ' +
      'is checked: a 500 where a 405 belongs',
    caughtBy: 'no_server_error',
    response: (response, r) =>
      response.status === 405 && r.headers.authorization === validAuth
        ? new Response(`Error: unexpected method ${r.method}`, {
            status: 500,
            headers: { 'content-type': 'text/plain' },
          })
        : response,
  }),
  rewrite({
    name: 'any-method-reads',
    description:
      'routes by path alone, answering any method it does not know as GET, and checks the key in its GET and ' +
      'POST handlers only',
    caughtBy: 'unsupported_method',
    request: (r) => (lacksMethod(r) ? withAuth(asGet(r)) : r),
  }),
  {
    name: 'stores-before-validating',
    description:
      'inserts the pet, then checks its categoryId and answers 400 without rolling the insert back (a foreign key ' +
      'checked in code after the write)',
    caughtBy: 'create_adds_exactly_one',
    wrap: (fetch) => async (input, init) => {
      const request = readRequest(input, init)
      const response = await forward(fetch, request, { signal: init?.signal })
      const body = operationOf(request) === 'createPet' ? jsonBodyOf(request) : undefined
      if (response.status !== 400 || request.headers.authorization !== validAuth || typeof body?.name !== 'string')
        return response
      const stored = { ...body, categoryId: 1 }
      await (await forward(fetch, { ...request, body: stringifyJson(stored) }, { signal: init?.signal })).text()
      return response
    },
  },
  rewrite({
    name: 'location-without-base',
    description:
      "sends Location: /pets/{id} on a created pet's 201, the path its router saw (Express's res.location under a " +
      'router mounted at /v1): resolved, it leaves the base address out',
    caughtBy: 'create_adds_exactly_one',
    response: async (response, r) => {
      if (operationOf(r) !== 'createPet' || response.status !== 201) return response
      const text = await response.text()
      const headers = new Headers(response.headers)
      headers.set('location', `/pets/${String((parseJson(text) as { id?: unknown }).id)}`)
      return new Response(text, { status: 201, headers })
    },
  }),
  {
    name: 'create-inserted-twice',
    description:
      'retries an insert its database driver timed out on, after the first had been written: one create, two pets',
    caughtBy: 'create_adds_exactly_one',
    wrap: (fetch) => async (input, init) => {
      const request = readRequest(input, init)
      const response = await forward(fetch, request, { signal: init?.signal })
      if (operationOf(request) !== 'createPet' || response.status !== 201) return response
      await (await forward(fetch, request, { signal: init?.signal })).text()
      return response
    },
  },
  {
    name: 'etag-from-url',
    description: 'sets list ETags from the URL (a caching middleware keyed by address), so a changed list answers 304',
    caughtBy: 'no_stale_read',
    wrap: (fetch) => async (input, init) => {
      const request = readRequest(input, init)
      if (operationOf(request) !== 'listPets' || request.headers.authorization !== validAuth)
        return forward(fetch, request, { signal: init?.signal })
      const etag = `"${createHash('sha1').update(request.url.href).digest('hex').slice(0, 16)}"`
      if (request.headers['if-none-match'] === etag) return new Response(null, { status: 304, headers: { etag } })
      const response = await forward(fetch, request, { signal: init?.signal })
      const headers = new Headers(response.headers)
      headers.set('etag', etag)
      return new Response(response.body, { status: response.status, headers })
    },
  },
  taggedReads(
    'etag-middleware-before-auth',
    'an ETag middleware placed before the key check: it answers 304 to a GET whose If-None-Match names the tag ' +
      'it last served for the URL, or is *, whoever asks',
    'preconditions_after_checks',
    { beforeAuth: true, matches: (sent, tag) => sent === '*' || sent === tag },
  ),
  rewrite({
    name: 'if-match-on-every-method',
    description:
      'evaluates If-Match for every method once the key is checked, OPTIONS included: a tag it does not hold gets ' +
      '412 ' +
      'where OPTIONS selects no representation',
    caughtBy: 'preconditions_after_checks',
    request: (r) =>
      r.headers.authorization === validAuth && r.headers['if-match'] !== undefined && r.headers['if-match'] !== '*'
        ? json(412, { code: 'precondition_failed', message: 'If-Match does not match.', status: 412 })
        : r,
  }),
  rewrite({
    name: 'accept-first-member-only',
    description:
      'negotiates by the first member of Accept, split on commas: an empty first member matches no type it serves, 406',
    caughtBy: 'status_code_documented',
    request: (r) => {
      const first = r.headers.accept?.split(',')[0]?.trim()
      return first === '' ? json(406, { code: 'not_acceptable', message: 'No acceptable type.', status: 406 }) : r
    },
  }),
  rewrite({
    name: 'range-unit-refused',
    description:
      'a range middleware in front of its JSON answers that refuses, with 416, a Range it cannot parse (an unknown ' +
      'unit) where it must ignore it',
    caughtBy: 'range_ignored',
    request: (r) =>
      r.method === 'GET' && r.headers.range !== undefined && !r.headers.range.startsWith('bytes=')
        ? json(416, { code: 'range_not_satisfiable', message: 'Unknown range unit.', status: 416 })
        : r,
  }),
  taggedReads(
    'etag-compared-as-string',
    'tags its reads with a weak ETag and compares If-None-Match to it as a string: a list of tags, or the tag in ' +
      'another form, never matches',
    'weak_etag_comparison',
    { beforeAuth: false, matches: (sent, tag) => sent === tag },
  ),
  {
    name: 'list-cached-in-server',
    description:
      'caches list answers in the server for a minute, keyed by address (an apicache-style middleware), and says ' +
      'so with Cache-Control: public, max-age=60: a list read after a create misses the new pet',
    caughtBy: 'no_stale_read',
    wrap: (fetch) => {
      const cached = new Map<string, { at: number; body: ArrayBuffer; headers: Headers }>()
      return async (input, init) => {
        const request = readRequest(input, init)
        if (operationOf(request) !== 'listPets' || request.headers.authorization !== validAuth)
          return forward(fetch, request, { signal: init?.signal })
        const hit = cached.get(request.url.href)
        if (hit && performance.now() - hit.at < 60_000) return new Response(hit.body, { headers: hit.headers })
        const response = await forward(fetch, request, { signal: init?.signal })
        if (response.status !== 200) return response
        const headers = new Headers(response.headers)
        headers.set('cache-control', 'public, max-age=60')
        const body = await response.arrayBuffer()
        cached.set(request.url.href, { at: performance.now(), body, headers })
        return new Response(body, { headers })
      }
    },
  },
  sessionCookieAuth(),
  overHttp(
    'chunked-body-empty',
    'reads exactly Content-Length bytes of a body: a chunked one, which has none, is read as empty',
    'chunked_body',
    async ({ request, response, answer }) => {
      const length = Number(request.headers['content-length'] ?? 0)
      const body = await readBody(request)
      await writeAnswer(response, await answer(body.slice(0, length)))
    },
  ),
  overHttp(
    'json-bom',
    'writes its JSON answers with a UTF-8 byte order mark first (a stream writer whose UTF-8 encoding adds one)',
    'json_utf8',
    async ({ request, response, answer }) => {
      const good = await answer(await readBody(request))
      const bytes = new Uint8Array(await good.arrayBuffer())
      const prefixed = isJsonAnswer(good) && bytes.byteLength > 0 ? new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]) : bytes
      await writeAnswer(response, good, prefixed)
    },
  ),
  overHttp(
    'latin1-json',
    'writes JSON in ISO-8859-1, as a servlet container does by default, labelled so ("?" for what it cannot hold)',
    'json_utf8',
    async ({ request, response, answer }) => {
      const good = await answer(await readBody(request))
      if (!isJsonAnswer(good)) return writeAnswer(response, good)
      const bytes = latin1(await good.text())
      await writeAnswer(response, good, bytes, { 'content-type': 'application/json;charset=ISO-8859-1' })
    },
  ),
  rewrite({
    name: 'messages-json5',
    description: 'reads message bodies with a lenient JSON5-style parser: NaN, Infinity and trailing commas are taken',
    caughtBy: 'json_body_syntax',
    request: (r) =>
      operationOf(r) === 'sendMessage' && r.body !== undefined
        ? {
            ...r,
            body: r.body.replace(/:\s*-?(?:NaN|Infinity)\b/g, ':null').replace(/,\s*([}\]])/g, '$1'),
          }
        : r,
  }),
  storesText(
    'format-characters-stripped',
    'strips invisible format characters (soft hyphens, zero-width spaces and joiners, direction marks) from names',
    'unicode_round_trip',
    'createPet',
    'name',
    (name) => name.replace(/\p{Cf}/gu, ''),
  ),
  storesText(
    'messages-html-escaped',
    'HTML-escapes message text when it stores it ("<b>" kept as "&lt;b&gt;"), and echoes it so',
    'text_round_trip',
    'sendMessage',
    'message',
    (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'),
  ),
  notFoundCached(),
  hidesCreated(
    'read-replica-lag',
    'answers reads from a replica 300 ms behind the primary: a pet is found only 300 ms after its create',
    'read_after_create',
    (age) => age < 300,
  ),
  hidesCreated(
    'created-pets-expire',
    'keeps created pets in a cache with a 500 ms time to live that never reaches the store',
    'read_after_pause',
    (age) => age > 500,
  ),
  halfWrittenPets(),
  onModel({
    name: 'statusless-pets-unlisted',
    description: 'builds its unfiltered list as "status IN (…the enum…)", so pets without a status are never listed',
    caughtBy: 'stateful_model',
    model: (model) => ({
      listPets: ({ status, limit }) =>
        status !== undefined
          ? model.listPets({ status, limit })
          : model
              .allPets()
              .filter((pet) => pet.status !== undefined)
              .slice(0, limit),
    }),
  }),
  onModel({
    name: 'get-searches-first-page',
    description: 'finds a pet by id within the first page of the list (100 pets), so newer ones are not found',
    caughtBy: 'stateful_model',
    model: (model) => ({
      findPet: (id) => model.listPets({ limit: 100 }).find((pet) => pet.id === id),
    }),
  }),
]

/** Remembers a keyed client with a session cookie, and takes the cookie for the key afterwards. */
/**
 * Tags every 200 GET with a weak ETag of its body and answers a conditional GET with 304 when `matches` says the
 * If-None-Match names the tag last served for the URL: after the key check, or before it (`beforeAuth`).
 */
function taggedReads(
  name: string,
  description: string,
  caughtBy: string,
  { beforeAuth, matches }: { beforeAuth: boolean; matches: (sent: string, tag: string) => boolean },
): Variant {
  return {
    name,
    description,
    caughtBy,
    wrap: (fetch) => {
      const served = new Map<string, string>()
      return async (input, init) => {
        const request = readRequest(input, init)
        const tag = served.get(request.url.href)
        const sent = request.headers['if-none-match']
        const allowed = beforeAuth || request.headers.authorization === validAuth
        if (request.method === 'GET' && tag && sent !== undefined && allowed && matches(sent, tag))
          return new Response(null, { status: 304, headers: { etag: tag } })
        const response = await forward(fetch, request, { signal: init?.signal })
        if (request.method !== 'GET' || response.status !== 200) return response
        const body = await response.arrayBuffer()
        const etag = `W/"${createHash('sha1').update(Buffer.from(body)).digest('hex').slice(0, 16)}"`
        served.set(request.url.href, etag)
        const headers = new Headers(response.headers)
        headers.set('etag', etag)
        return new Response(body, { status: response.status, headers })
      }
    },
  }
}

function sessionCookieAuth(): Variant {
  return {
    name: 'session-cookie-auth',
    description: 'gives a keyed client a session cookie, then takes the cookie in place of the key',
    caughtBy: 'no_ambient_credential',
    wrap: (fetch) => {
      const sessions = new Set<string>()
      return async (input, init) => {
        const request = readRequest(input, init)
        const cookie = /(?:^|;\s*)sid=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1]
        const authorized = request.headers.authorization === undefined && cookie && sessions.has(cookie)
        const response = await forward(fetch, authorized ? withAuth(request) : request, { signal: init?.signal })
        if (request.headers.authorization !== validAuth) return response
        const sid = createHash('sha1').update(String(sessions.size)).digest('hex').slice(0, 24)
        sessions.add(sid)
        const headers = new Headers(response.headers)
        headers.append('set-cookie', `sid=${sid}; Path=/; HttpOnly`)
        return new Response(response.body, { status: response.status, headers })
      }
    },
  }
}

/** Caches each 404 of GET /pets/{petId} for a minute (a negative cache): a pet created meanwhile stays 404. */
function notFoundCached(): Variant {
  return {
    name: 'not-found-cached',
    description: 'caches "not found" by id for a minute, so a pet created after a miss stays not found',
    caughtBy: 'read_before_and_after_create',
    wrap: (fetch) => {
      const misses = new Map<string, number>()
      return async (input, init) => {
        const request = readRequest(input, init)
        if (operationOf(request) !== 'getPet' || request.headers.authorization !== validAuth)
          return forward(fetch, request, { signal: init?.signal })
        const missedAt = misses.get(request.url.pathname)
        if (missedAt !== undefined && performance.now() - missedAt < 60_000)
          return json(404, { code: 'not_found', message: 'No such pet.', status: 404 })
        const response = await forward(fetch, request, { signal: init?.signal })
        if (response.status === 404) misses.set(request.url.pathname, performance.now())
        return response
      }
    },
  }
}

/**
 * Inserts a new pet, then sets its status in a second statement outside a transaction: for that moment,
 * reads see the pet without its status (and a list filtered by it does not see the pet).
 */
function halfWrittenPets(): Variant {
  return onModel({
    name: 'half-written-pets',
    description: 'writes a new pet in two statements (the row, then its status), so a list between them shows it half',
    caughtBy: 'list_during_creates',
    model: (model) => {
      const half = new Set<number>()
      const partial = <T extends { id: number; status?: PetStatus }>(pet: T): T =>
        half.has(pet.id) ? { ...pet, status: undefined } : pet
      return {
        createPet: async (newPet) => {
          const pet = await model.createPet(newPet)
          half.add(pet.id)
          await sleep(25)
          half.delete(pet.id)
          return pet
        },
        findPet: (id) => {
          const pet = model.findPet(id)
          return pet && partial(pet)
        },
        listPets: ({ status, limit }) =>
          status === undefined
            ? model.listPets({ limit }).map(partial)
            : model.listPets({ status, limit }).filter((pet) => !half.has(pet.id)),
      }
    },
  })
}
