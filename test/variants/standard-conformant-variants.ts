import { createHash } from 'node:crypto'
import { unknownMethod } from '../../contract-tests/standards/unsupported-method-scenarios.ts'
import { MockError } from '../../mocks/core/mock-error.ts'
import { type HttpVariant, overHttp, readBody } from './http-variant.ts'
import {
  forward,
  json,
  onModel,
  operationOf,
  readRequest,
  rewrite,
  routeOf,
  type Variant,
  validAuth,
} from './variant.ts'

/** A strong validator of a body: what a server that answers conditional requests right compares. */
const etagOf = (bytes: ArrayBuffer) =>
  `"${createHash('sha1').update(new Uint8Array(bytes)).digest('hex').slice(0, 20)}"`

// Letters, marks, digits, spaces and the punctuation of names: what a strict validator lets through.
const plainName = /^[\p{L}\p{M}\p{N} '.,_-]+$/u

/** Whether an If-Match value names `tag` by the strong comparison (RFC 9110 section 8.8.3.2), or is `*`. */
function strongMatch(ifMatch: string, tag: string | undefined): boolean {
  const named = ifMatch.split(',').map((item) => item.trim())
  return named.includes('*') ? tag !== undefined : tag !== undefined && named.includes(tag)
}

/** A 412 in the interface's Error shape. */
const preconditionFailed = () =>
  json(412, { code: 'precondition_failed', message: 'If-Match names no current entity tag.', status: 412 })

/**
 * Implementations that answer what the standards leave open their own way, each of which must pass: validators
 * and 304s, cookies and session headers that never replace the key, 405 without `Allow`, 501 for a method they
 * do not know, OPTIONS answered as a framework does, bytes that are not UTF-8 read as U+FFFD, names refused
 * beyond a strict alphabet, and the good mock over HTTP with each framing.
 */
export const standardConformantVariants: Array<Variant | HttpVariant> = [
  {
    name: 'validators-and-304',
    description:
      'sends a strong ETag (a hash of the body) and Cache-Control: no-cache, answers 304 when If-None-Match ' +
      'names it, compared weakly (as the fresh package of Express does), and 412 when If-Match names none of the ' +
      "path's current tags, compared strongly, before a create is performed",
    wrap: (fetch) => async (input, init) => {
      const request = readRequest(input, init)
      const ifMatch = request.headers['if-match']
      if (request.method === 'POST' && ifMatch !== undefined && request.headers.authorization === validAuth) {
        // The path's current representation is what its GET gives: a create waits on its tag.
        const read = { method: 'GET', url: request.url, headers: { authorization: validAuth } }
        const current = await forward(fetch, read, { signal: init?.signal })
        const tag = current.status === 200 ? etagOf(await current.arrayBuffer()) : undefined
        if (!strongMatch(ifMatch, tag)) return preconditionFailed()
      }
      const response = await forward(fetch, request, { signal: init?.signal })
      if (request.method !== 'GET' || response.status !== 200) return response
      const body = await response.arrayBuffer()
      const headers = new Headers(response.headers)
      headers.set('etag', etagOf(body))
      headers.set('cache-control', 'no-cache')
      if (ifMatch !== undefined && !strongMatch(ifMatch, etagOf(body))) return preconditionFailed()
      const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
      const named = (request.headers['if-none-match'] ?? '').split(',').map(opaque)
      if (named.includes(opaque(etagOf(body)))) return new Response(null, { status: 304, headers })
      return new Response(body, { status: 200, headers })
    },
  },
  rewrite({
    name: 'affinity-cookie-and-session-header',
    description: 'sets a load balancer cookie and an X-Session-Id header on every answer, and still asks for the key',
    response: (response) => {
      const headers = new Headers(response.headers)
      headers.append('set-cookie', 'lb=node-2; Path=/; HttpOnly')
      headers.set('x-session-id', 'f3a9c1d27b6e4058a1c2')
      return new Response(response.body, { status: response.status, headers })
    },
  }),
  rewrite({
    name: 'unrouted-method-html',
    description:
      'answers a known path with a method it lacks with its framework\'s default HTML page ("Cannot PATCH ' +
      '/v1/pets/7", Express\'s default), once the key is checked: an error response the interface does not list',
    deviates: true,
    response: (response, r) =>
      response.status === 405 && r.headers.authorization === validAuth
        ? new Response(`<!DOCTYPE html><pre>Cannot ${r.method} ${r.url.pathname}</pre>`, {
            status: 404,
            headers: { 'content-type': 'text/html; charset=utf-8' },
          })
        : response,
  }),
  rewrite({
    name: 'head-refused',
    description: 'answers HEAD with 405 and an Allow of its GET, as FastAPI and Go handlers that check the method do',
    deviates: true,
    request: (r) =>
      r.method === 'HEAD' && routeOf({ ...r, method: 'GET' })
        ? json(405, { code: 'method_not_allowed', message: 'HEAD is not allowed.', status: 405 }, { allow: 'GET' })
        : r,
  }),
  rewrite({
    name: 'unknown-method-501',
    description: 'answers a method it does not implement anywhere with 501 and an Error, before the key',
    request: (r) =>
      r.method === unknownMethod
        ? json(501, { code: 'not_implemented', message: `${r.method} is not implemented.`, status: 501 })
        : r,
  }),
  rewrite({
    name: 'options-as-a-framework',
    description: 'checks the key first, then answers OPTIONS with 200, an Allow header and the methods as text/plain',
    request: (r) => {
      if (r.method !== 'OPTIONS' || !routeOf({ ...r, method: 'GET' })) return r
      if (r.headers.authorization !== validAuth)
        return json(
          401,
          { code: 'unauthorized', message: 'A valid key is required.', status: 401 },
          { 'www-authenticate': 'Bearer' },
        )
      const allow = operationOf({ ...r, method: 'POST' }) ? 'GET, HEAD, POST' : 'GET, HEAD'
      return new Response(allow, { status: 200, headers: { allow, 'content-type': 'text/plain; charset=utf-8' } })
    },
  }),
  rewrite({
    name: 'non-utf8-read-as-replacement',
    description: 'reads a body whose bytes are not UTF-8 with U+FFFD in their place, as most stacks do',
    deviates: true,
    request: (r) => (r.bytes ? { ...r, body: new TextDecoder().decode(r.bytes), bytes: undefined } : r),
  }),
  onModel({
    name: 'names-of-a-strict-alphabet',
    description: "refuses, with a 400 Error, a name with anything but letters, marks, digits, spaces and . , _ - '",
    deviates: true,
    model: (model) => ({
      createPet: (newPet) =>
        plainName.test(newPet.name)
          ? model.createPet(newPet)
          : Promise.reject(new MockError(400, 'invalid_body', 'The name holds characters it may not.')),
    }),
  }),
  overHttp,
  {
    name: 'answers-chunked-over-http',
    description: 'the mock over node:http, every answer written chunked, with no Content-Length',
    deviates: true,
    handle: async ({ request, response, answer }) => {
      const good = await answer(await readBody(request))
      // The good mock's connection fields are its connection's, not this one's.
      const own = (name: string) => !['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)
      const headers = Object.fromEntries([...good.headers].filter(([name]) => own(name)))
      response.writeHead(good.status, headers)
      const bytes = new Uint8Array(await good.arrayBuffer())
      if (bytes.byteLength > 1) response.write(bytes.slice(0, 1))
      response.end(bytes.byteLength > 1 ? bytes.slice(1) : bytes)
    },
  },
]

/**
 * A server whose lists say they stay fresh for longer than they do: its own answers are always current, so only the
 * claim deviates. Judged by `no_stale_read` alone, whose list page no other check of the run fills meanwhile.
 */
export const freshListVariant: Variant = rewrite({
  name: 'list-cache-max-age',
  description:
    'serves lists with Cache-Control: public, max-age=300 (a CDN default), while its own answers are always ' +
    'current: RFC 9111 binds the caches that would keep them, not the origin server',
  deviates: true,
  response: (response, r) => {
    if (operationOf(r) !== 'listPets' || response.status !== 200) return response
    const headers = new Headers(response.headers)
    headers.set('cache-control', 'public, max-age=300')
    return new Response(response.body, { status: 200, headers })
  },
})
