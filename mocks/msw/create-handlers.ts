import { http, type RequestHandler } from 'msw'
import type { PetStoreCore } from '../core/create-pet-store-core.ts'
import { pathTable } from '../core/route-table.ts'
import { fromFetchRequest } from './from-fetch-request.ts'
import { toFetchResponse } from './to-fetch-response.ts'

export interface HandlerOptions {
  /** Where the pets API is mounted. Default `*\/v1`: any origin, path `/v1`. */
  baseUrl?: string
  /** Where the messages API is mounted. Default `*`: any origin, at the root. */
  messagesBaseUrl?: string
}

/**
 * MSW request handlers for every operation of the spec, thin over the core, followed by 405
 * answers for known paths and a 404 for unknown paths under `baseUrl`.
 * @example setupServer(...createHandlers(core))
 */
export function createHandlers(core: PetStoreCore, options: HandlerOptions = {}): Array<RequestHandler> {
  const bases = { pets: trimSlash(options.baseUrl ?? '*/v1'), messages: trimSlash(options.messagesBaseUrl ?? '*') }
  const operations: Array<RequestHandler> = []
  const fallbacks: Array<RequestHandler> = []
  for (const entry of pathTable) {
    const url = `${bases[entry.base]}${entry.pattern}`
    for (const route of entry.routes) {
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]
      for (const method of methods) {
        operations.push(
          http[method.toLowerCase() as 'get'](url, async ({ request, params }) =>
            toFetchResponse(
              await core.execute(route.operationId, fromFetchRequest(request, params as Record<string, string>)),
              method,
            ),
          ),
        )
      }
    }
    fallbacks.push(
      http.options(url, () => toFetchResponse(core.preflight(entry.allow))),
      http.all(url, ({ request }) =>
        toFetchResponse(core.methodNotAllowed(request.method, entry.allow), request.method),
      ),
    )
  }
  const notFound = http.all(`${bases.pets}/*`, ({ request }) =>
    toFetchResponse(core.routeNotFound(request.method, new URL(request.url).pathname), request.method),
  )
  return [...operations, ...fallbacks, notFound]
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url
}
