import { http, type RequestHandler } from 'msw'
import type { ApiBase } from '../../spec/operations.ts'
import type { PetStoreCore } from '../core/create-pet-store-core.ts'
import { claims, type DispatchRequest } from '../core/dispatch.ts'
import { createMount, type Mount } from './create-mount.ts'
import { readCappedBody } from './read-capped-body.ts'
import { toFetchResponse } from './to-fetch-response.ts'

export interface HandlerOptions {
  /** Where the pets API is mounted. Default `*\/v1`: any origin, path `/v1`. */
  baseUrl?: string
  /** Where the messages API is mounted. Default `*`: any origin, at the root. */
  messagesBaseUrl?: string
}

/**
 * MSW request handlers over the core's one router: every path under `baseUrl` (a 404 `Error` for one no
 * route matches) and the known paths under `messagesBaseUrl`; any other request is left to the handlers
 * after them, or to msw's `onUnhandledRequest`. A handler you `use()` in front still wins.
 * @example setupServer(...createHandlers(core))
 */
export function createHandlers(core: PetStoreCore, options: HandlerOptions = {}): Array<RequestHandler> {
  const mounts: ReadonlyArray<Mount> = [
    createMount('pets', options.baseUrl ?? '*/v1', true),
    createMount('messages', options.messagesBaseUrl ?? '*', false),
  ]
  // One catch-all handler that decides in its resolver, not a custom predicate: msw takes predicate functions
  // only from 2.11, and the peer range starts at 2.10. A resolver that returns nothing leaves the request to the
  // handlers after it, or to msw's `onUnhandledRequest`, as a predicate that does not match would. A RegExp
  // without groups, unlike '*', makes msw decode nothing, so a malformed percent-escape reaches the core.
  return [
    http.all(/.*/, async ({ request }) => {
      const target = toDispatchRequest(mounts, request)
      if (target === undefined) return undefined
      // A fault (reset, or timeout once the core held it) becomes a network error: the fetch rejects.
      const answer = await core.dispatch(fetchRequest(request, target.base, target.path, target.owned))
      return answer && toFetchResponse(answer, request.method)
    }),
  ]
}

/**
 * The base and path a Fetch `Request` has under the mounts: a path the router knows under any mount
 * first, then any path under a mount that owns its paths; undefined for a request that is not the mock's.
 */
export function toDispatchRequest(
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
    readBody: () => readCappedBody(request),
    signal: request.signal,
  }
}
