import { getResponse, type RequestHandler } from 'msw'
import { createPetStoreMock, type PetStoreMock, type PetStoreMockOptions } from '../create-pet-store-mock.ts'
import { decodeBase64, encodeBase64 } from '../msw/base64.ts'
import { claimedUrls } from '../msw/create-handlers.ts'
import { type BridgedAnswer, type BridgedRequest, fixtureBridgeName } from '../msw/fixture-bridge.ts'

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

/** The parts of a Playwright `Response` the fixture uses: whether the page's own service worker gave it. */
export interface PlaywrightResponseLike {
  url(): string
  fromServiceWorker(): boolean
  request(): { method(): string }
}

/** What a page's handlers call in the test process (`context.exposeBinding`). */
export type PlaywrightBinding = (source: unknown, request: BridgedRequest) => Promise<BridgedAnswer>

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
  exposeBinding(name: string, binding: PlaywrightBinding): Promise<unknown>
  on(event: 'response', listener: (response: PlaywrightResponseLike) => void): unknown
  off(event: 'response', listener: (response: PlaywrightResponseLike) => void): unknown
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
  /**
   * Starts answering the context's requests: those that reach the network through `context.route`, and those
   * the app's own worker claims (when the app starts the mock with `setupPetStoreWorker` or the handlers of
   * `petstore-contract/msw`) through the page's handlers. One that no handler takes goes on as usual.
   */
  enable(): Promise<void>
  /**
   * Stops answering. Rejects with a `PetStoreNetworkError` when a request the mock claims was answered by
   * something else (the app's own service worker with handlers of its own) or could not be answered.
   */
  disable(): Promise<void>
}

/** A request of the test that this network should have answered and did not: the test did not use its mock. */
export class PetStoreNetworkError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PetStoreNetworkError'
  }
}

// One RegExp instance: Playwright removes a route by the same matcher, leaving the project's own routes alone.
const everyUrl = /.*/

/**
 * The network answering each context's bridge now: a binding cannot be exposed twice on one context, so it
 * is exposed once and answers for whichever network is enabled there.
 */
const bridges = new WeakMap<PlaywrightContextLike, { current: PlaywrightBinding | undefined }>()

/**
 * The mock in a Playwright browser context, answered in the test's own process (the approach of
 * `@msw/playwright`): a fresh mock per call, overrides per test. Requests that reach the network are answered
 * through `context.route`; when the app starts its own worker over this package's handlers, those handlers hand
 * each request they claim to this mock through a binding, so the app's worker stays, and the test's data and
 * overrides answer. A claimed request answered by anything else fails `disable()`.
 * @example
 * const network = await definePetStoreNetwork({ context, seed: 1 })
 * await network.enable()
 * network.use(http.get('*\/v1/pets', () => HttpResponse.json([])))
 */
export async function definePetStoreNetwork({ context, ...options }: PetStoreNetworkOptions): Promise<PetStoreNetwork> {
  const mock = await createPetStoreMock(options)
  const claimed = claimedUrls(options)
  let overrides: Array<RequestHandler> = []
  // What the bridge answered, by `METHOD url`, until the page reports the response: anything else the app's
  // service worker gave for a claimed URL came from a mock that is not this one.
  const bridged = new Map<string, number>()
  let problem: string | undefined

  async function respond(request: Request, pageUrl: string | null): Promise<Response | undefined> {
    // Relative paths in overrides (`http.get('/v1/pets')`) resolve against the page that sent the request.
    const baseUrl = pageUrl ? new URL(pageUrl).origin : undefined
    return getResponse([...overrides, ...mock.handlers], request, { baseUrl })
  }

  async function answerRoute(route: PlaywrightRouteLike, request: PlaywrightRequestLike): Promise<void> {
    const method = request.method()
    const body = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer()
    const fetchRequest = new Request(request.url(), {
      method,
      headers: await request.allHeaders(),
      body: body === null ? null : new Uint8Array(body),
    })
    const response = await respond(fetchRequest, request.headers().referer ?? null)
    if (!response) return route.fallback()
    return route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      // A Buffer, not a bare Uint8Array: Playwright sends a body that is not a string with Buffer's base64.
      body: Buffer.from(await response.arrayBuffer()),
    })
  }

  const answerBridged: PlaywrightBinding = async (_source, request) => {
    const fetchRequest = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body === null ? null : decodeBase64(request.body),
    })
    const response = await respond(fetchRequest, request.pageUrl)
    if (!response) {
      problem ??= notServed(request, options)
      return { kind: 'network-error' }
    }
    const key = `${request.method} ${request.url}`
    bridged.set(key, (bridged.get(key) ?? 0) + 1)
    // A connection fault (Prefer: fault=reset, a rule): the page's fetch rejects, as it would.
    if (response.type === 'error') return { kind: 'network-error' }
    const bytes = new Uint8Array(await response.arrayBuffer())
    return {
      kind: 'response',
      status: response.status,
      headers: [...response.headers],
      body: bytes.length === 0 ? null : encodeBase64(bytes),
    }
  }

  function watchResponse(response: PlaywrightResponseLike): void {
    if (!response.fromServiceWorker()) return
    const url = new URL(response.url())
    if (!claimed.test(`${url.origin}${url.pathname}`)) return
    const key = `${response.request().method()} ${response.url()}`
    const count = bridged.get(key) ?? 0
    if (count > 1) bridged.set(key, count - 1)
    else if (count === 1) bridged.delete(key)
    else problem ??= bypassed(key)
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
      let bridge = bridges.get(context)
      if (!bridge) {
        const created = { current: undefined as PlaywrightBinding | undefined }
        bridges.set(context, created)
        bridge = created
        await context.exposeBinding(fixtureBridgeName, (source, request) =>
          created.current ? created.current(source, request) : Promise.resolve({ kind: 'network-error' }),
        )
      }
      bridge.current = answerBridged
      context.on('response', watchResponse)
      await context.route(everyUrl, answerRoute)
    },
    disable: async () => {
      const bridge = bridges.get(context)
      if (bridge?.current === answerBridged) bridge.current = undefined
      context.off('response', watchResponse)
      await context.unroute(everyUrl)
      if (problem) throw new PetStoreNetworkError(problem)
    },
  }
}

function bypassed(request: string): string {
  return (
    `Failed to answer ${request} from this test's mock: expected the Playwright fixture to answer it, got an ` +
    "answer from the app's own service worker, so the test's data and overrides were not used. Start the mock " +
    'in the app with setupPetStoreWorker (petstore-contract/browser) or the handlers of petstore-contract/msw, ' +
    'which the fixture answers through, or keep the app from starting its own worker under test.'
  )
}

function notServed(request: BridgedRequest, options: PetStoreMockOptions): string {
  const bases = `baseUrl ${JSON.stringify(options.baseUrl ?? '*/v1')}, messagesBaseUrl ${JSON.stringify(
    options.messagesBaseUrl ?? '*',
  )}`
  return (
    `Failed to answer ${request.method} ${request.url} from this test's mock: expected a URL the fixture's mock ` +
    `serves (${bases}), got one that only the app's mock claims; the page got a network error. Give the fixture ` +
    "the app's base URLs, e.g. petStoreFixture({ baseUrl: 'https://api.example.com/v1' })."
  )
}
