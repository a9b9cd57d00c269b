import { http, type RequestHandler } from 'msw'
import type { ApiBase } from '../../spec/operations.ts'
import { type BasePaths, specBasePaths } from '../core/base-paths.ts'
import type { PetStoreCore } from '../core/create-pet-store-core.ts'
import { claims, type DispatchRequest } from '../core/dispatch.ts'
import { readRequestBody } from '../core/read-request-body.ts'
import { basePathOf, createMount, type Mount } from './create-mount.ts'
import { answerThroughFixture, fixtureBridge } from './fixture-bridge.ts'
import { toFetchResponse } from './to-fetch-response.ts'

export interface HandlerOptions {
  /** Where the pets API is mounted. Default `*\/v1`: any origin, path `/v1`. */
  baseUrl?: string
  /** Where the messages API is mounted. Default `*`: any origin, at the root. */
  messagesBaseUrl?: string
}

/**
 * Where the handlers answer when no base URL is given: on any origin, under the spec's base paths (the pets
 * API under `/v1`, the messages API at the root).
 */
const defaultBaseUrls = { baseUrl: `*${specBasePaths.pets}`, messagesBaseUrl: `*${specBasePaths.messages}` }

/**
 * MSW request handlers over the core's one router: every path under `baseUrl` (a 404 `Error` for one no
 * route matches) and the known paths under `messagesBaseUrl`. They match no other URL, so any other request
 * goes to the handlers after them, or to msw's unhandled-request strategy (`onUnhandledRequest` in msw 2,
 * `onUnhandledFrame` in msw 3). A handler you `use()` in front still wins.
 * @example setupServer(...createHandlers(core))
 */
export function createHandlers(core: PetStoreCore, options: HandlerOptions = {}): Array<RequestHandler> {
  const mounts = handlerMounts(options)
  // One RegExp, not a predicate function: msw takes those only from 2.11, and the peer range starts at 2.10.
  return [
    http.all(claimedUrls(options), async ({ request }) => {
      const target = toDispatchRequest(mounts, request)
      if (target === undefined) return undefined
      // In a page under the Playwright fixture, the test's mock answers (its data, its overrides), not this one.
      const bridge = fixtureBridge()
      if (bridge) return answerThroughFixture(bridge, request)
      // A fault (reset, or timeout once the core held it) becomes a network error: the fetch rejects.
      const answer = await core.dispatch(fetchRequest(request, target.base, target.path, target.owned))
      return answer && toFetchResponse(answer, request.method)
    }),
  ]
}

/**
 * The URLs the handlers of these options claim, as msw matches a handler's RegExp (origin and path, no query):
 * exactly the URLs the mounts claim. No capturing group, so msw decodes nothing and a malformed percent-escape
 * reaches the core as it came.
 * @example claimedUrls({}).test('http://app.test/v1/pets') // true
 */
export function claimedUrls(options: HandlerOptions): RegExp {
  return new RegExp(
    handlerMounts(options)
      .map((mount) => `(?:${mount.pattern.source})`)
      .join('|'),
  )
}

/** The mounts of the handlers' options, pets first: a path both bases route goes to the pets API. */
function handlerMounts(options: HandlerOptions): ReadonlyArray<Mount> {
  return [
    createMount('pets', options.baseUrl ?? defaultBaseUrls.baseUrl, true),
    createMount('messages', options.messagesBaseUrl ?? defaultBaseUrls.messagesBaseUrl, false),
  ]
}

/**
 * The paths the handlers' base URLs put before the spec's paths, for the rules and the journal to speak
 * the client's form: `{ pets: '/api/v1', messages: '' }` for `baseUrl: '/api/v1'`.
 * @example handlerBasePaths({}) // { pets: '/v1', messages: '' }
 */
export function handlerBasePaths(options: HandlerOptions): BasePaths {
  return {
    pets: basePathOf(options.baseUrl ?? defaultBaseUrls.baseUrl),
    messages: basePathOf(options.messagesBaseUrl ?? defaultBaseUrls.messagesBaseUrl),
  }
}

/**
 * The base and path a Fetch `Request` has under the mounts: a path the router knows under any mount
 * first, then any path under a mount that owns its paths; undefined for a request that is not the mock's.
 */
function toDispatchRequest(
  mounts: ReadonlyArray<Mount>,
  request: Request,
): Pick<DispatchRequest, 'method' | 'base' | 'path' | 'owned'> | undefined {
  const url = new URL(request.url)
  let owner: Pick<DispatchRequest, 'method' | 'base' | 'path' | 'owned'> | undefined
  for (const mount of mounts) {
    const path = mount.pathBelow(url)
    if (path === undefined) continue
    const target = { method: request.method, base: mount.base, path, owned: false }
    if (claims(target)) return { ...target, owned: mount.owned }
    if (mount.owned) owner ??= { ...target, owned: true }
  }
  return owner
}

function fetchRequest(request: Request, base: ApiBase, path: string, owned: boolean): DispatchRequest {
  const url = new URL(request.url)
  return {
    method: request.method,
    base,
    path,
    pathname: url.pathname,
    search: url.search.slice(1),
    owned,
    header: (name) => request.headers.get(name),
    readBody: () => readRequestBody(request.body, request.headers.get('content-length')),
    signal: request.signal,
  }
}
