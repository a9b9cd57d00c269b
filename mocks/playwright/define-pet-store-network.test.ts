import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import { decodeBase64, encodeBase64 } from '../msw/base64.ts'
import { fixtureBridgeName } from '../msw/fixture-bridge.ts'
import {
  definePetStoreNetwork,
  type PlaywrightBinding,
  type PlaywrightContextLike,
  type PlaywrightRequestLike,
  type PlaywrightResponseLike,
  type PlaywrightRouteLike,
} from './define-pet-store-network.ts'

type Handler = (route: PlaywrightRouteLike, request: PlaywrightRequestLike) => Promise<void>
type Outcome = { kind: 'not routed' } | { kind: 'fallback' } | { kind: 'fulfilled'; status: number; body: unknown }

/**
 * A browser context as far as the fixture sees one: it records the route and replays requests through it, keeps
 * the binding pages would call, and emits the responses a page would report.
 */
function fakeContext() {
  const routes = new Map<RegExp, Handler>()
  const bindings = new Map<string, PlaywrightBinding>()
  const listeners = new Set<(response: PlaywrightResponseLike) => void>()
  const context: PlaywrightContextLike = {
    route: async (url, handler) => void routes.set(url, handler),
    unroute: async (url) => void routes.delete(url),
    exposeBinding: async (name, binding) => {
      // As Playwright does: a name is exposed once per context.
      if (bindings.has(name)) throw new Error(`Function "${name}" has been already registered`)
      bindings.set(name, binding)
    },
    on: (_event, listener) => listeners.add(listener),
    off: (_event, listener) => listeners.delete(listener),
  }
  /** What the app's own worker reports for a response it gave: `fromServiceWorker()` is true. */
  function workerAnswered(method: string, url: string): void {
    const response = { url: () => url, fromServiceWorker: () => true, request: () => ({ method: () => method }) }
    for (const listener of listeners) listener(response)
  }
  /** A request the page's handlers hand over, as the binding receives it. */
  async function bridge(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const binding = bindings.get(fixtureBridgeName)
    if (!binding) throw new Error('no binding exposed')
    const body = init.body === undefined ? null : encodeBase64(new TextEncoder().encode(init.body))
    const answer = await binding(undefined, {
      url,
      method: init.method ?? 'GET',
      headers: Object.entries(init.headers ?? {}),
      body,
      pageUrl: 'http://app.test/pets',
    })
    if (answer.kind !== 'response') return answer
    const text = answer.body === null ? '' : new TextDecoder().decode(decodeBase64(answer.body))
    return { kind: answer.kind, status: answer.status, body: text === '' ? null : JSON.parse(text), text }
  }
  async function send(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Outcome> {
    const [matcher, handler] = [...routes.entries()].find(([matcher]) => matcher.test(url)) ?? []
    if (!matcher || !handler) return { kind: 'not routed' }
    // Set inside the route's callbacks, which the compiler cannot follow.
    let outcome = { kind: 'fallback' } as Outcome
    const headers = { referer: 'http://app.test/', ...init.headers }
    await handler(
      {
        fulfill: async ({ status, body }) => {
          // What Playwright needs: a Buffer, which it sends as base64 (a bare Uint8Array would not do).
          expect(Buffer.isBuffer(body)).toBe(true)
          outcome = { kind: 'fulfilled', status, body: JSON.parse(body.toString('utf8')) }
        },
        fallback: async () => {
          outcome = { kind: 'fallback' }
        },
      },
      {
        url: () => url,
        method: () => init.method ?? 'GET',
        headers: () => headers,
        allHeaders: async () => headers,
        postDataBuffer: () => (init.body === undefined ? null : Buffer.from(init.body)),
      },
    )
    return outcome
  }
  return { context, send, routes, bridge, workerAnswered, listeners }
}

const auth = { authorization: 'Bearer petstore-dev-key' }

it('answers the page requests the mock owns and lets every other request through', async () => {
  const { context, send } = fakeContext()
  const network = await definePetStoreNetwork({ context, seed: 1 })
  await network.enable()
  const list = await send('http://app.test/v1/pets?limit=3', { headers: auth })
  expect(list).toMatchObject({ kind: 'fulfilled', status: 200 })
  expect((list as { body: Array<unknown> }).body).toHaveLength(3)
  expect(await send('http://app.test/v1/pets')).toMatchObject({ kind: 'fulfilled', status: 401 })
  expect(await send('http://app.test/assets/app.js')).toEqual({ kind: 'fallback' })
})

it('sends a POST body to the mock and keeps the pet in this network only', async () => {
  const first = fakeContext()
  const network = await definePetStoreNetwork({ context: first.context, seed: 1, pets: 3 })
  await network.enable()
  const created = await first.send('http://app.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
  })
  expect(created).toMatchObject({ kind: 'fulfilled', status: 201, body: { id: 4, name: 'Rex' } })

  const second = fakeContext()
  await (await definePetStoreNetwork({ context: second.context, seed: 1, pets: 3 })).enable()
  const fresh = await second.send('http://app.test/v1/pets', { headers: auth })
  expect((fresh as { body: Array<unknown> }).body).toHaveLength(3)
})

it('puts handlers given to use() first, relative paths against the page, until resetHandlers()', async () => {
  const { context, send } = fakeContext()
  const network = await definePetStoreNetwork({ context })
  await network.enable()
  network.use(http.get('/v1/pets', () => HttpResponse.json([{ overridden: true }])))
  expect(await send('http://app.test/v1/pets', { headers: auth })).toEqual({
    kind: 'fulfilled',
    status: 200,
    body: [{ overridden: true }],
  })
  network.resetHandlers()
  const list = await send('http://app.test/v1/pets', { headers: auth })
  expect((list as { body: Array<unknown> }).body).toHaveLength(20)
})

it('removes its route on disable()', async () => {
  const { context, send, routes } = fakeContext()
  const network = await definePetStoreNetwork({ context })
  await network.enable()
  expect(routes.size).toBe(1)
  await network.disable()
  expect(await send('http://app.test/v1/pets', { headers: auth })).toEqual({ kind: 'not routed' })
})

it("answers what the app's own handlers hand over through the binding, with the test's data", async () => {
  const { context, bridge } = fakeContext()
  const network = await definePetStoreNetwork({ context, seed: 1, pets: 3 })
  await network.enable()
  const created = await bridge('http://app.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"Rex","categoryId":9223372036854775807}',
  })
  // Both bodies crossed byte for byte: an int64 beyond 2^53 comes back to the digit.
  expect(created).toMatchObject({
    kind: 'response',
    status: 201,
    text: '{"id":4,"name":"Rex","categoryId":9223372036854775807}',
  })
  expect(network.mock.state.get().pets.map((pet) => pet.name)).toContain('Rex')
  expect(await bridge('http://app.test/v1/pets', { headers: auth })).toMatchObject({ status: 200, body: { length: 4 } })
  // Relative paths in overrides resolve against the page that sent the request.
  network.use(http.get('/v1/pets', () => HttpResponse.json([])))
  expect(await bridge('http://app.test/v1/pets', { headers: auth })).toMatchObject({
    kind: 'response',
    status: 200,
    body: [],
  })
  expect(await bridge('http://app.test/v1/pets/1', { headers: auth })).toMatchObject({ status: 200, body: { id: 1 } })
  await network.disable()
})

it('answers a forced connection fault through the binding as a network error', async () => {
  const { context, bridge } = fakeContext()
  const network = await definePetStoreNetwork({ context })
  await network.enable()
  network.mock.rules.add({ method: 'GET', path: '/v1/pets', fault: 'reset' })
  expect(await bridge('http://app.test/v1/pets', { headers: auth })).toEqual({ kind: 'network-error' })
  await network.disable()
})

it("fails disable() when the app's own worker answered a request the mock claims", async () => {
  const { context, bridge, workerAnswered } = fakeContext()
  const network = await definePetStoreNetwork({ context })
  await network.enable()
  // Answered through the bridge, then reported by the page: the test's mock gave it.
  await bridge('http://app.test/v1/pets', { headers: auth })
  workerAnswered('GET', 'http://app.test/v1/pets')
  // A worker's answer for a URL the mock does not claim is none of its business.
  workerAnswered('GET', 'http://app.test/assets/logo.svg')
  // Answered by the worker alone: its own handlers, not the test's mock.
  workerAnswered('GET', 'http://app.test/v1/pets?limit=5')
  await expect(network.disable()).rejects.toThrow(
    "Failed to answer GET http://app.test/v1/pets?limit=5 from this test's mock: expected the Playwright fixture " +
      "to answer it, got an answer from the app's own service worker",
  )
})

it('fails disable() and gives the page a network error for a request only the app claims', async () => {
  const { context, bridge } = fakeContext()
  const network = await definePetStoreNetwork({ context, baseUrl: 'https://api.example.com/v1' })
  await network.enable()
  expect(await bridge('http://app.test/v1/pets', { headers: auth })).toEqual({ kind: 'network-error' })
  await expect(network.disable()).rejects.toThrow(
    "Failed to answer GET http://app.test/v1/pets from this test's mock: expected a URL the fixture's mock serves " +
      '(baseUrl "https://api.example.com/v1", messagesBaseUrl "*")',
  )
})

it('exposes its binding once per context and hands it to the network enabled last', async () => {
  const { context, bridge } = fakeContext()
  const first = await definePetStoreNetwork({ context, pets: 2 })
  await first.enable()
  await first.disable()
  expect(await bridge('http://app.test/v1/pets', { headers: auth })).toEqual({ kind: 'network-error' })
  const second = await definePetStoreNetwork({ context, pets: 4 })
  await second.enable()
  expect(await bridge('http://app.test/v1/pets', { headers: auth })).toMatchObject({ body: { length: 4 } })
  await second.disable()
})
