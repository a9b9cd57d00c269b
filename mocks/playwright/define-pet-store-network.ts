import { getResponse, type RequestHandler } from 'msw'
import { createPetStoreMock, type PetStoreMock, type PetStoreMockOptions } from '../create-pet-store-mock.ts'

/**
 * The bytes `fulfill` takes: Node's `Buffer` where Node's types are loaded (as in any Playwright project, whose
 * `Route.fulfill` asks for one), a `Uint8Array` where they are not. The types name no Node type, so a project
 * compiles them without `@types/node`; at run time the fixture hands `fulfill` a `Buffer`.
 */
export type PlaywrightBody = typeof globalThis extends { Buffer: abstract new (...args: never) => infer B }
  ? B
  : Uint8Array

/** The parts of a Playwright `Route` the fixture uses. */
export interface PlaywrightRouteLike {
  fulfill(response: { status: number; headers: Record<string, string>; body: PlaywrightBody }): Promise<void>
  fallback(): Promise<void>
}

/** The parts of a Playwright `Request` the fixture uses. */
export interface PlaywrightRequestLike {
  url(): string
  method(): string
  headers(): Record<string, string>
  allHeaders(): Promise<Record<string, string>>
  postDataBuffer(): Uint8Array | null
}

/**
 * The parts of a Playwright `BrowserContext` (or `Page`) the fixture uses: structural, so any Playwright
 * version's context fits and the package needs no Playwright of its own.
 */
export interface PlaywrightContextLike {
  route(
    url: RegExp,
    handler: (route: PlaywrightRouteLike, request: PlaywrightRequestLike) => Promise<void>,
  ): Promise<unknown>
  unroute(url: RegExp): Promise<unknown>
}

export interface PetStoreNetworkOptions extends PetStoreMockOptions {
  context: PlaywrightContextLike
}

export interface PetStoreNetwork {
  /** This test's own mock: its model, `reset()` and in-process `fetch` (for arranging data from the test). */
  mock: PetStoreMock
  /** Handlers tried before the mock's for the rest of this test, first wins (msw's `use`). */
  use(...handlers: Array<RequestHandler>): void
  /** Drops the handlers given to `use`. */
  resetHandlers(): void
  /** Starts answering the context's requests; one that no handler takes goes to the network as usual. */
  enable(): Promise<void>
  disable(): Promise<void>
}

// One RegExp instance: Playwright removes a route by the same matcher, leaving the project's own routes alone.
const everyUrl = /.*/

/**
 * The mock in a Playwright browser context, answered in the test's own process through `context.route`
 * (the approach of `@msw/playwright`): no service worker, a fresh mock per call, overrides per test.
 * @example
 * const network = await definePetStoreNetwork({ context, seed: 1 })
 * await network.enable()
 * network.use(http.get('*\/v1/pets', () => HttpResponse.json([])))
 */
export async function definePetStoreNetwork({ context, ...options }: PetStoreNetworkOptions): Promise<PetStoreNetwork> {
  const mock = await createPetStoreMock(options)
  let overrides: Array<RequestHandler> = []

  async function answer(route: PlaywrightRouteLike, request: PlaywrightRequestLike): Promise<void> {
    const method = request.method()
    const body = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer()
    const fetchRequest = new Request(request.url(), {
      method,
      headers: await request.allHeaders(),
      body: body === null ? null : new Uint8Array(body),
    })
    // Relative paths in overrides (`http.get('/v1/pets')`) resolve against the page that sent the request.
    const referer = request.headers().referer
    const baseUrl = referer ? new URL(referer).origin : undefined
    const response = await getResponse([...overrides, ...mock.handlers], fetchRequest, { baseUrl })
    if (!response) return route.fallback()
    return route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      // A Buffer, not a bare Uint8Array: Playwright sends a body that is not a string with Buffer's base64.
      body: Buffer.from(await response.arrayBuffer()),
    })
  }

  return {
    mock,
    use: (...handlers) => {
      overrides = [...handlers, ...overrides]
    },
    resetHandlers: () => {
      overrides = []
    },
    enable: async () => {
      await context.route(everyUrl, answer)
    },
    disable: async () => {
      await context.unroute(everyUrl)
    },
  }
}
