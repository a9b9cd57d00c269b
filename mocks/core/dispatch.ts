import type { ApiBase } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { errorResponse, MockError } from './mock-error.ts'
import { corsHeaders, type MockResponse } from './mock-response.ts'
import type { BodyRead, OperationRequest } from './operation-request.ts'
import { findRoute } from './route-table.ts'

/** A request as every adapter hands it to the core: which base it came under and its raw path below that base. */
export interface DispatchRequest {
  /** Upper-case HTTP method. */
  method: string
  base: ApiBase
  /** The path below the base, still percent-encoded, without the query: `/pets/7`. */
  path: string
  /** The whole path as the client sent it (`/v1/pets/7`), for messages. */
  pathname: string
  /** The raw query, without `?`. */
  search: string
  /**
   * Whether every path under this base belongs to the mock (an unknown one is a 404 `route_not_found`)
   * or only the paths it routes (an unknown one is left to whoever else may answer it).
   */
  owned: boolean
  header(name: string): string | null | undefined
  readBody(): Promise<BodyRead>
}

/** Runs one operation after authentication; the core's `execute`. */
export type Execute = (operationId: OperationId, request: OperationRequest) => MockResponse | Promise<MockResponse>

/** The one router: an answer for every request the mock owns, undefined for one it leaves to others. */
export type Dispatch = (request: DispatchRequest) => MockResponse | Promise<MockResponse> | undefined

/**
 * Builds the mock's one router (rou3, from the spec's routes): an operation (HEAD wherever GET), a CORS
 * preflight, 405 `method_not_allowed` with `Allow`, or 404 `route_not_found`, every answer with the CORS
 * headers. The MSW handlers, the in-process fetch, the browser worker and the node:http server all call it.
 * @example const dispatch = createDispatch(core.execute)
 * await dispatch({ method: 'GET', base: 'pets', path: '/pets', … })
 */
export function createDispatch(execute: Execute): Dispatch {
  return (request) => {
    const { method, path } = request
    const match = findRoute(request.base, method, path)
    if (!match) return request.owned ? withCors(routeNotFound(method, request.pathname)) : undefined
    if (match.kind === 'path') {
      return withCors(method === 'OPTIONS' ? preflight(match.allow) : methodNotAllowed(method, match.allow))
    }
    const answer = execute(match.route.operationId, {
      params: match.params,
      query: new URLSearchParams(request.search),
      header: request.header,
      readBody: request.readBody,
    })
    return answer instanceof Promise ? answer.then(withCors) : withCors(answer)
  }
}

/**
 * Whether the mock would answer a request: an owned base, or a path the router knows.
 * @example claims({ method: 'GET', base: 'messages', path: '/elsewhere', owned: false }) // false
 */
export function claims(request: Pick<DispatchRequest, 'method' | 'base' | 'path' | 'owned'>): boolean {
  return request.owned || findRoute(request.base, request.method, request.path) !== undefined
}

/**
 * The CORS rule of every transport: every answer lets a browser app on any origin read it (no cookies
 * are involved; the key is a header).
 * @example withCors(errorResponse(error)).headers['access-control-allow-origin'] // '*'
 */
export function withCors(answer: MockResponse): MockResponse {
  const { headers } = answer
  if (!Object.isFrozen(headers))
    return { status: answer.status, headers: { ...corsHeaders, ...headers }, body: answer.body }
  // Header sets shared by many answers (frozen) are merged once: the hot paths (lists, pets) build none.
  let merged = mergedHeaders.get(headers)
  if (merged === undefined) {
    merged = Object.freeze({ ...corsHeaders, ...headers })
    mergedHeaders.set(headers, merged)
  }
  return { status: answer.status, headers: merged, body: answer.body }
}

const mergedHeaders = new WeakMap<Record<string, string>, Record<string, string>>()

/** 404 `route_not_found` for a path no route matches. */
export function routeNotFound(method: string, path: string): MockResponse {
  return errorResponse(new MockError(404, 'route_not_found', `No route matches ${method} ${shorten(path, 80)}.`))
}

/** 405 `method_not_allowed` for a known path and another method, with `Allow`. */
export function methodNotAllowed(method: string, allow: ReadonlyArray<string>): MockResponse {
  const accepted = allow.join(', ')
  return errorResponse(
    new MockError(
      405,
      'method_not_allowed',
      `This path does not accept ${shorten(method, 20)}; it accepts ${accepted}.`,
      {
        allow: accepted,
      },
    ),
  )
}

/** 204 answer to a CORS preflight on a known path. */
export function preflight(allow: ReadonlyArray<string>): MockResponse {
  return {
    status: 204,
    headers: {
      allow: allow.join(', '),
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': 'Authorization, Content-Type',
      'access-control-max-age': '600',
    },
  }
}

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text
}
