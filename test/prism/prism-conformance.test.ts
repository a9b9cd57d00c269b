import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { operations as catalogue, operationList as catalogueList } from '../../spec/operations.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { createPrismValidator, type PrismValidator } from './create-prism-validator.ts'
import { type PrismVerdict, readPrismVerdict } from './read-prism-verdict.ts'
import { type PrismProxy, startPrismProxy } from './start-prism-proxy.ts'

// Prism, not our code, judges whether the mock's answers agree with the spec. How Prism 5.14.2 treats
// each kind of request was measured, and why the cases take the routes below is written in
// docs/decisions/002-prism-conformance-check.md.

const document = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url))
const key = developmentApiKey
const auth = { authorization: `Bearer ${key}` }
const jsonAuth = { ...auth, 'content-type': 'application/json' }

type Api = 'pets' | 'messages'

/** Which Prism checks the mock's answer, as measured for this kind of request. */
type PrismRoute =
  /** `prism proxy --errors` forwards the request and validates the answer. */
  | { via: 'errors-proxy' }
  /**
   * `--errors` answers `refusal` itself (the mock never sees the request), so the proxy without
   * `--errors` forwards it and validates the answer.
   */
  | { via: 'plain-proxy'; refusal: number; refusalType: string }
  /**
   * Neither proxy hands back the mock's answer (`proxyAnswer` is what `--errors` answers instead), so
   * the exchange is recorded directly and Prism's validator is run over it.
   */
  | { via: 'validator'; proxyAnswer: number; reachesMock: boolean }

interface ConformanceCase {
  name: string
  api: Api
  method: string
  /** The spec's path and query, without the server base path. */
  path: string
  headers?: Record<string, string>
  body?: string
  /** The status the mock gives. */
  status: number
  /** `Error.code` of an error answer. */
  code?: string
  route: PrismRoute
  /** For a request no operation of the spec describes (405): Prism has nothing to validate the answer against. */
  noOperation?: true
  expectAnswer?: (answer: { headers: Headers; json: unknown }) => void
}

const forwarded: PrismRoute = { via: 'errors-proxy' }
const refusedAsInvalid: PrismRoute = { via: 'plain-proxy', refusal: 422, refusalType: 'UNPROCESSABLE_ENTITY' }
const refusedAsUnauthorized: PrismRoute = { via: 'plain-proxy', refusal: 401, refusalType: 'UNAUTHORIZED' }
const notParsedByPrism: PrismRoute = { via: 'validator', proxyAnswer: 400, reachesMock: false }

const getPetRoute = catalogue.getPet

const successes: Array<ConformanceCase> = [
  {
    name: 'lists 20 pets by default (GET /v1/pets)',
    api: 'pets',
    method: 'GET',
    path: '/pets',
    headers: auth,
    status: 200,
    route: forwarded,
    expectAnswer: ({ json }) => expect(json).toHaveLength(20),
  },
  {
    name: 'lists 5 pets with limit=5',
    api: 'pets',
    method: 'GET',
    path: '/pets?limit=5',
    headers: auth,
    status: 200,
    route: forwarded,
    expectAnswer: ({ json }) => expect(json).toHaveLength(5),
  },
  {
    name: 'lists every pet, at most 100, with limit=100',
    api: 'pets',
    method: 'GET',
    path: '/pets?limit=100',
    headers: auth,
    status: 200,
    route: forwarded,
    expectAnswer: ({ json }) => expect((json as Array<unknown>).length).toBeGreaterThan(20),
  },
  {
    name: 'lists only available pets with status=available',
    api: 'pets',
    method: 'GET',
    path: '/pets?status=available',
    headers: auth,
    status: 200,
    route: forwarded,
    expectAnswer: ({ json }) => {
      expect((json as Array<unknown>).length).toBeGreaterThan(0)
      for (const pet of json as Array<{ status?: string }>) expect(pet.status).toBe('available')
    },
  },
  {
    name: 'adds a pet with 201 (POST /v1/pets)',
    api: 'pets',
    method: 'POST',
    path: '/pets',
    headers: jsonAuth,
    body: '{"name":"Biscuit","categoryId":2,"status":"pending"}',
    status: 201,
    route: forwarded,
    expectAnswer: ({ json }) =>
      expect(json).toMatchObject({ id: expect.any(Number), name: 'Biscuit', categoryId: 2, status: 'pending' }),
  },
  {
    name: 'fetches a pet with the Deprecation and Sunset headers (GET /v1/pets/{petId})',
    api: 'pets',
    method: 'GET',
    path: '/pets/1',
    headers: auth,
    status: 200,
    route: forwarded,
    expectAnswer: ({ headers, json }) => {
      expect(json).toMatchObject({ id: 1 })
      // Prism adds `deprecation: true` to a deprecated operation's answer when it has none: the
      // value must be the mock's RFC 9745 date, not Prism's.
      expect(headers.get('deprecation')).toBe(`@${Date.parse(`${getPetRoute?.deprecationDate}T00:00:00Z`) / 1000}`)
      expect(headers.get('sunset')).toBe(new Date(`${getPetRoute?.sunset}T00:00:00Z`).toUTCString())
    },
  },
  {
    name: 'answers 404 not_found for an unknown pet',
    api: 'pets',
    method: 'GET',
    path: '/pets/999999',
    headers: auth,
    status: 404,
    code: 'not_found',
    route: forwarded,
  },
  {
    name: 'accepts a message with 202 (POST /messages at the server root)',
    api: 'messages',
    method: 'POST',
    path: '/messages',
    headers: jsonAuth,
    body: '{"message":"Hello"}',
    status: 202,
    route: forwarded,
    expectAnswer: ({ json }) => expect(json).toMatchObject({ message: 'Hello', status: 'queued' }),
  },
]

// Every operation of the catalogue, sent as its sample request from the spec's examples.
const operations: Array<{ label: string; api: Api; method: string; path: string; body?: string }> = catalogueList.map(
  ({ method, path, base, sample }) => ({
    label: `${method} ${base === 'pets' ? '/v1' : ''}${path}`,
    api: base,
    method,
    path: path.replace(/\{([^}]+)\}/g, (_, name: string) => String(sample.params[name])),
    ...(sample.json !== undefined && { body: JSON.stringify(sample.json) }),
  }),
)

const credentials: Array<{ label: string; authorization?: string; route: PrismRoute }> = [
  { label: 'without an Authorization header', route: refusedAsUnauthorized },
  { label: 'with an unknown key', authorization: 'Bearer not-a-key', route: forwarded },
  { label: 'with another scheme', authorization: `Basic ${key}`, route: refusedAsUnauthorized },
  { label: 'with the bare key', authorization: key, route: refusedAsUnauthorized },
  { label: 'with an empty bearer token', authorization: 'Bearer ', route: refusedAsUnauthorized },
]

const unauthorized: Array<ConformanceCase> = operations.flatMap((operation) =>
  credentials.map(({ label, authorization, route }) => {
    const headers: Record<string, string> = operation.body === undefined ? {} : { 'content-type': 'application/json' }
    if (authorization !== undefined) headers.authorization = authorization
    const { label: operationLabel, ...request } = operation
    return {
      name: `answers 401 to ${operationLabel} ${label}`,
      ...request,
      headers,
      status: 401,
      code: 'unauthorized',
      route,
    }
  }),
)

const invalidParameter = {
  api: 'pets',
  method: 'GET',
  headers: auth,
  status: 400,
  code: 'invalid_parameter',
  route: refusedAsInvalid,
} as const
const invalidPet = {
  api: 'pets',
  method: 'POST',
  path: '/pets',
  headers: jsonAuth,
  status: 400,
  code: 'invalid_body',
  route: refusedAsInvalid,
} as const

const refusals: Array<ConformanceCase> = [
  { name: 'answers 400 to limit=0', path: '/pets?limit=0', ...invalidParameter },
  { name: 'answers 400 to limit=101', path: '/pets?limit=101', ...invalidParameter },
  { name: 'answers 400 to limit=abc', path: '/pets?limit=abc', ...invalidParameter },
  { name: 'answers 400 to status=unknown', path: '/pets?status=unknown', ...invalidParameter },
  { name: 'answers 400 to a petId that is not an integer', path: '/pets/abc', ...invalidParameter },
  { name: 'answers 400 to a new pet without name', body: '{"categoryId":1}', ...invalidPet },
  { name: 'answers 400 to a new pet without categoryId', body: '{"name":"Rex"}', ...invalidPet },
  {
    name: 'answers 400 to a categoryId sent as the string "1"',
    body: '{"name":"Rex","categoryId":"1"}',
    ...invalidPet,
  },
  { name: 'answers 400 to a categoryId of 1.5', body: '{"name":"Rex","categoryId":1.5}', ...invalidPet },
  { name: 'answers 400 to a categoryId of null', body: '{"name":"Rex","categoryId":null}', ...invalidPet },
  {
    name: 'answers 400 to a new pet with status "lost"',
    body: '{"name":"Rex","categoryId":1,"status":"lost"}',
    ...invalidPet,
  },
  { name: 'answers 400 to an array instead of a new pet', body: '[{"name":"Rex","categoryId":1}]', ...invalidPet },
  {
    name: 'answers 400 to a new pet that is not valid JSON',
    body: '{"name":',
    ...invalidPet,
    code: 'invalid_json',
    route: notParsedByPrism,
  },
  { name: 'answers 400 to POST /v1/pets without a body', ...invalidPet },
  {
    name: 'answers 400 to a new pet sent as text/plain',
    ...invalidPet,
    headers: { ...auth, 'content-type': 'text/plain' },
    body: '{"name":"Rex","categoryId":1}',
    code: 'unsupported_media_type',
  },
  { name: 'answers 400 to a message without message', ...invalidPet, api: 'messages', path: '/messages', body: '{}' },
  {
    name: 'answers 400 to a message that is not valid JSON',
    ...invalidPet,
    api: 'messages',
    path: '/messages',
    body: '{"message":',
    code: 'invalid_json',
    route: notParsedByPrism,
  },
  {
    name: 'answers 405 method_not_allowed with Allow to DELETE /v1/pets',
    api: 'pets',
    method: 'DELETE',
    path: '/pets',
    headers: auth,
    status: 405,
    code: 'method_not_allowed',
    noOperation: true,
    route: { via: 'plain-proxy', refusal: 405, refusalType: 'NO_METHOD_MATCHED_ERROR' },
    expectAnswer: ({ headers }) => expect(headers.get('allow')).toContain('POST'),
  },
  {
    name: 'answers 501 not_implemented to GET /v1/store/orders',
    api: 'pets',
    method: 'GET',
    path: '/store/orders',
    headers: auth,
    status: 501,
    code: 'not_implemented',
    // Prism re-mocks any upstream 501: the client gets Prism's own 200, never the mock's answer.
    route: { via: 'validator', proxyAnswer: 200, reachesMock: true },
  },
]

let mock: PetStoreServer
let mockBase: Record<Api, string>
let errorsProxy: Record<Api, PrismProxy>
let plainProxy: Record<Api, PrismProxy>
let validator: PrismValidator
let wrongUpstream: Server
let wrongUpstreamProxy: PrismProxy
let mockRequestCount = 0
const started: Array<PrismProxy> = []

beforeAll(async () => {
  mock = await startPetStoreServer({
    configure: (server) =>
      server.on('request', () => {
        mockRequestCount += 1
      }),
  })
  const { baseUrl, messagesBaseUrl } = mock
  mockBase = { pets: baseUrl, messages: messagesBaseUrl }
  wrongUpstream = await listenWrongUpstream()
  const wrongBase = `http://127.0.0.1:${(wrongUpstream.address() as AddressInfo).port}/v1`

  // Prism ignores the spec's server base path (`/v1`) and the path-level servers of /messages: it
  // forwards to upstream + the spec path. So each API gets its own pair of proxies.
  const starts = [
    startPrismProxy({ document, upstream: baseUrl, errors: true }),
    startPrismProxy({ document, upstream: messagesBaseUrl, errors: true }),
    startPrismProxy({ document, upstream: baseUrl, errors: false }),
    startPrismProxy({ document, upstream: messagesBaseUrl, errors: false }),
    startPrismProxy({ document, upstream: wrongBase, errors: true }),
  ]
  const results = await Promise.allSettled(starts)
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value)
  const failure = results.find((result) => result.status === 'rejected')
  if (failure) {
    await Promise.all(started.splice(0).map((proxy) => proxy.close()))
    throw failure.reason
  }
  const [errorsPets, errorsMessages, plainPets, plainMessages, wrong] = started as [
    PrismProxy,
    PrismProxy,
    PrismProxy,
    PrismProxy,
    PrismProxy,
  ]
  errorsProxy = { pets: errorsPets, messages: errorsMessages }
  plainProxy = { pets: plainPets, messages: plainMessages }
  wrongUpstreamProxy = wrong
  validator = await createPrismValidator(document)
}, scaledMs(120_000))

afterAll(async () => {
  await Promise.all(started.map((proxy) => proxy.close()))
  await mock?.close()
  if (wrongUpstream) await new Promise((resolve) => wrongUpstream.close(resolve))
})

for (const testCase of [...successes, ...unauthorized, ...refusals]) {
  it(testCase.name, async () => {
    const { route } = testCase
    if (route.via === 'errors-proxy') await checkThroughErrorsProxy(testCase)
    else if (route.via === 'plain-proxy') await checkThroughPlainProxy(testCase, route)
    else await checkWithValidator(testCase, route)
  })
}

it('fails a check when the upstream answers GET /pets with the wrong shape', async () => {
  const { exchange } = await send(wrongUpstreamProxy.url, { method: 'GET', path: '/pets', headers: auth })
  const verdict = readPrismVerdict(exchange.headers, exchange.body)
  expect(exchange.status).toBe(500)
  expect(verdict.prismAnswer).toBe('VIOLATIONS')
  expect(verdict.response).toContainEqual(
    expect.objectContaining({ location: ['response', 'body'], message: 'Response body must be array' }),
  )
})

it('fails a check when the upstream answers with an undocumented status, which --errors lets through', async () => {
  const { exchange } = await send(wrongUpstreamProxy.url, { method: 'GET', path: '/pets/1', headers: auth })
  const verdict = readPrismVerdict(exchange.headers, exchange.body)
  expect(exchange.status).toBe(418)
  expect(verdict.prismAnswer).toBeUndefined()
  expect(verdict.response).toContainEqual(
    expect.objectContaining({
      severity: 'Warning',
      message: expect.stringContaining('Unable to match the returned status code'),
    }),
  )
})

it("fails a check when Prism's validator is handed a 501 without the Error shape", async () => {
  const verdict = await validator.validate({
    request: { method: 'GET', path: '/store/orders', headers: auth },
    response: { status: 501, headers: new Headers({ 'content-type': 'application/json' }), body: '{"oops":1}' },
  })
  expect(verdict.response).toContainEqual(
    expect.objectContaining({
      location: ['response', 'body'],
      message: "Response body must have required property 'code'",
    }),
  )
})

async function checkThroughErrorsProxy(testCase: ConformanceCase): Promise<void> {
  const proxy = errorsProxy[testCase.api]
  const { exchange, reachedMock } = await send(proxy.url, testCase)
  const verdict = readPrismVerdict(exchange.headers, exchange.body)
  const report = describeExchange(testCase, proxy, exchange, verdict)
  expect(reachedMock, `Prism --errors did not forward the request.\n${report}`).toBe(true)
  expect(verdict.response, `Prism found the answer disagrees with the spec.\n${report}`).toEqual([])
  expect(verdict.prismAnswer, `Prism answered by itself.\n${report}`).toBeUndefined()
  expect(
    verdict.request,
    `Prism found the request invalid, so this case does not show what it claims.\n${report}`,
  ).toEqual([])
  expectMockAnswer(testCase, exchange, report)
}

async function checkThroughPlainProxy(
  testCase: ConformanceCase,
  route: Extract<PrismRoute, { via: 'plain-proxy' }>,
): Promise<void> {
  // First what --errors does with the request, so a Prism that starts to forward it is noticed.
  const refused = await sendThroughErrorsProxy(testCase)
  expect(
    refused.reachedMock,
    `Prism --errors now forwards this request: move the case to 'errors-proxy'.\n${refused.report}`,
  ).toBe(false)
  expect(
    [refused.status, refused.prismAnswer],
    `Prism --errors refuses differently than measured.\n${refused.report}`,
  ).toEqual([route.refusal, route.refusalType])

  const proxy = plainProxy[testCase.api]
  const { exchange, reachedMock } = await send(proxy.url, testCase)
  const verdict = readPrismVerdict(exchange.headers, exchange.body)
  const report = describeExchange(testCase, proxy, exchange, verdict)
  expect(reachedMock, `Prism did not forward the request.\n${report}`).toBe(true)
  expect(verdict.prismAnswer, `Prism answered by itself.\n${report}`).toBeUndefined()
  expect(verdict.response, `Prism found the answer disagrees with the spec.\n${report}`).toEqual([])
  expectRouted(testCase, verdict, report)
  expect(
    verdict.request.length,
    `Prism found nothing wrong with a request this case calls bad.\n${report}`,
  ).toBeGreaterThan(0)
  expectMockAnswer(testCase, exchange, report)
}

async function checkWithValidator(
  testCase: ConformanceCase,
  route: Extract<PrismRoute, { via: 'validator' }>,
): Promise<void> {
  // First what --errors does instead of handing back the mock's answer, so a change is noticed.
  const proxied = await sendThroughErrorsProxy(testCase)
  expect(
    proxied.reachedMock,
    `Prism --errors ${route.reachesMock ? 'no longer' : 'now'} forwards this request.\n${proxied.report}`,
  ).toBe(route.reachesMock)
  expect(proxied.status, `Prism --errors answers differently than measured.\n${proxied.report}`).toBe(route.proxyAnswer)

  const base = mockBase[testCase.api]
  const { exchange } = await send(base, testCase)
  const verdict = await validator.validate({
    request: { method: testCase.method, path: testCase.path, headers: testCase.headers ?? {}, body: testCase.body },
    response: exchange,
  })
  const report = describeExchange(
    testCase,
    { url: base, errors: false },
    exchange,
    verdict,
    "Prism's validator, over the exchange recorded directly",
  )
  expect(verdict.response, `Prism found the answer disagrees with the spec.\n${report}`).toEqual([])
  expectRouted(testCase, verdict, report)
  expectMockAnswer(testCase, exchange, report)
}

async function sendThroughErrorsProxy(
  testCase: ConformanceCase,
): Promise<{ status: number; prismAnswer?: string; reachedMock: boolean; report: string }> {
  const proxy = errorsProxy[testCase.api]
  const { exchange, reachedMock } = await send(proxy.url, testCase)
  const verdict = readPrismVerdict(exchange.headers, exchange.body)
  return {
    status: exchange.status,
    prismAnswer: verdict.prismAnswer,
    reachedMock,
    report: describeExchange(testCase, proxy, exchange, verdict),
  }
}

/**
 * Without an operation Prism forwards the request but validates nothing: only a case that says so may pass that way.
 */
function expectRouted(testCase: ConformanceCase, verdict: PrismVerdict, report: string): void {
  const unrouted = verdict.request.some((violation) => violation.message === 'Selected route not found')
  expect(unrouted, `Prism ${unrouted ? 'found no' : 'found an'} operation for the request.\n${report}`).toBe(
    testCase.noOperation === true,
  )
}

interface Exchange {
  status: number
  headers: Headers
  body: string
}

async function send(
  base: string,
  request: Pick<ConformanceCase, 'method' | 'path' | 'headers' | 'body'>,
): Promise<{ exchange: Exchange; reachedMock: boolean }> {
  const before = mockRequestCount
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(scaledMs(10_000)),
  })
  const body = await response.text()
  return {
    exchange: { status: response.status, headers: response.headers, body },
    reachedMock: mockRequestCount > before,
  }
}

function expectMockAnswer(testCase: ConformanceCase, exchange: Exchange, report: string): void {
  const unexpected = `The mock's answer is not the one this case expects.\n${report}`
  expect(exchange.status, unexpected).toBe(testCase.status)
  expect(exchange.headers.get('content-type'), unexpected).toMatch(/^application\/json/)
  const json: unknown = JSON.parse(exchange.body)
  if (testCase.code !== undefined)
    expect(json, unexpected).toMatchObject({ code: testCase.code, status: testCase.status })
  testCase.expectAnswer?.({ headers: exchange.headers, json })
}

/** What was sent, what came back, what Prism said, and a curl line to reproduce it (key redacted). */
function describeExchange(
  testCase: ConformanceCase,
  via: Pick<PrismProxy, 'url' | 'errors'>,
  exchange: Exchange,
  verdict: PrismVerdict,
  label = `prism proxy ${via.errors ? '--errors ' : ''}at ${via.url}`,
): string {
  const headers = Object.entries(testCase.headers ?? {})
    .map(([name, value]) => ` -H '${name}: ${value.split(key).join('***')}'`)
    .join('')
  const body = testCase.body === undefined ? '' : ` --data-raw '${testCase.body}'`
  const publicPath = `${testCase.api === 'pets' ? '/v1' : ''}${testCase.path}`
  return [
    `  case:     ${testCase.name}`,
    `  request:  ${testCase.method} ${publicPath}, through ${label}`,
    `  answer:   ${exchange.status} ${exchange.body.slice(0, 300)}`,
    `  prism:    ${JSON.stringify(verdict)}`,
    `  curl -sS -i -X ${testCase.method} '${via.url}${testCase.path}'${headers}${body}`,
  ].join('\n')
}

/** A server that answers like a broken Pet Store, to show the check fails when it should. */
function listenWrongUpstream(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/v1/pets/1') {
      response.writeHead(418, { 'content-type': 'application/json' }).end('{}')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"oops":1}')
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}
