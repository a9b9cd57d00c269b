import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { type HttpVariant, readBody, writeAnswer } from './http-variant.ts'
import {
  forward,
  json,
  operationOf,
  readRequest,
  readWhole,
  rewrite,
  routeOf,
  type Variant,
  type VariantRequest,
  validAuth,
  withAuth,
} from './variant.ts'

/** The key the good mock takes, as a handler compares it. */
const key = validAuth.slice('Bearer '.length)

const unauthorized = () =>
  json(
    401,
    { code: 'unauthorized', message: 'A valid API key is required.', status: 401 },
    { 'www-authenticate': 'Bearer realm="petstore"' },
  )

/** A query string split on `&` and `=` and never percent-decoded: what a hand-written parser reads. */
const rawQuery = (url: URL) =>
  new Map(
    url.search
      .slice(1)
      .split('&')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0] ?? '', pair.slice(pair.indexOf('=') + 1)] as const),
  )

/** A list handler that filters by the status text as it came: `%61vailable` matches no pet. */
function queryNotDecoded(): Variant {
  const handle = async (fetch: FetchLike, request: VariantRequest): Promise<Response> => {
    const status = rawQuery(request.url).get('status')
    if (operationOf(request) !== 'listPets' || status === undefined) return forward(fetch, request)
    const whole = new URL(request.url)
    whole.search = 'limit=100'
    const answer = await forward(fetch, { ...request, url: whole })
    if (answer.status !== 200) return answer
    const limit = Number(rawQuery(request.url).get('limit') ?? 20)
    const pets = parseJson(await answer.text()) as Array<{ status?: string }>
    return json(200, pets.filter((pet) => pet.status === status).slice(0, limit))
  }
  return {
    name: 'query-not-decoded',
    description: 'filters the list by the status text as the query carries it, never percent-decoded',
    caughtBy: 'request_target_forms',
    wrap: (fetch) => async (input, init) => handle(fetch, await readWhole(readRequest(input, init))),
  }
}

/**
 * One implementation per check of the freedoms a client has (contract-tests/standards/request-freedom-scenarios.ts)
 * and of the checks on every answer beside them (date_header, keyed_answer_not_public, undescribed_needs_key), each
 * with one realistic defect at the seam where it would sit. `deviation: true` where the check reports it as a
 * deviation (a clean refusal of a form the server does not read).
 */
export const freedomFaultyVariants: Array<(Variant | HttpVariant) & { deviation?: boolean }> = [
  {
    ...rewrite({
      name: 'bearer-prefix-exact',
      description: "reads the key as what follows `startsWith('Bearer ')`: bearer, BEARER and two spaces are refused",
      caughtBy: 'auth_scheme_forms',
      request: (r) => {
        const header = r.headers.authorization
        if (header === undefined || !routeOf(r)) return r
        const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined
        return token === key ? r : unauthorized()
      },
    }),
    deviation: true,
  },
  rewrite({
    name: 'auth-on-raw-path',
    description:
      'protects the routes by patterns on the raw path (/v1/pets/\\d+) while the router decodes it: ' +
      '/v1/pets/%31 is served without a key',
    caughtBy: 'request_target_forms',
    request: (r) => {
      const protectedPath = /^(?:\/v1\/pets(?:\/\d+)?|\/v1\/store\/orders|\/messages)$/
      return routeOf(r) && !protectedPath.test(r.url.pathname) ? withAuth(r) : r
    },
  }),
  queryNotDecoded(),
  {
    ...rewrite({
      name: 'media-type-exact',
      description: 'parses a body only under the exact text "application/json" and refuses any other spelling with 415',
      caughtBy: 'media_type_forms',
      request: (r) =>
        r.body !== undefined && r.headers['content-type'] !== 'application/json'
          ? json(415, { code: 'unsupported_media_type', message: 'Send application/json.', status: 415 })
          : r,
    }),
    deviation: true,
  },
  rewrite({
    name: 'backslashes-escaped-before-parsing',
    description:
      'escapes every backslash of a request body (a filter against injection) before the JSON parser reads it: ' +
      '"\\u0052ex" is stored as the text \\u0052ex',
    caughtBy: 'json_text_forms',
    request: (r) => (r.body !== undefined ? { ...r, body: r.body.replaceAll('\\', '\\\\') } : r),
  }),
  {
    name: 'date-to-string',
    description: 'writes its own Date header as new Date().toString() (local time, not an IMF-fixdate)',
    caughtBy: 'date_header',
    handle: async ({ request, response, answer }) =>
      writeAnswer(response, await answer(await readBody(request)), undefined, { date: new Date().toString() }),
  } satisfies HttpVariant,
  {
    ...rewrite({
      name: 'lists-marked-public',
      description: 'marks every list it answers with the key Cache-Control: public, max-age=60',
      caughtBy: 'keyed_answer_not_public',
      response: (response, request) => {
        if (operationOf(request) !== 'listPets' || response.status !== 200) return response
        const headers = new Headers(response.headers)
        headers.set('cache-control', 'public, max-age=60')
        return new Response(response.body, { status: 200, headers })
      },
    }),
    deviation: true,
  },
  rewrite({
    name: 'store-orders-without-auth',
    description: 'mounts a store orders handler before the key middleware, answering 200 with no orders',
    caughtBy: 'undescribed_needs_key',
    request: (r) => (operationOf(r) === 'listStoreOrders' ? json(200, []) : r),
  }),
]
