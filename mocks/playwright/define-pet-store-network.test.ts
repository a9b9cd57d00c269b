import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import {
  definePetStoreNetwork,
  type PlaywrightContextLike,
  type PlaywrightRequestLike,
  type PlaywrightRouteLike,
} from './define-pet-store-network.ts'

type Handler = (route: PlaywrightRouteLike, request: PlaywrightRequestLike) => Promise<void>
type Outcome = { kind: 'not routed' } | { kind: 'fallback' } | { kind: 'fulfilled'; status: number; body: unknown }

/** A browser context as far as the fixture sees one: it records the route and replays requests through it. */
function fakeContext() {
  const routes = new Map<RegExp, Handler>()
  const context: PlaywrightContextLike = {
    route: async (url, handler) => void routes.set(url, handler),
    unroute: async (url) => void routes.delete(url),
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
  return { context, send, routes }
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
