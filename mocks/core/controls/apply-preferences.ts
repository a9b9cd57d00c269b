import { type ErrorCode, errorResponse, MockError } from '../mock-error.ts'
import type { MockResponse } from '../mock-response.ts'
import type { Preferences } from './preferences.ts'

const utf8 = new TextEncoder()

const forcedCodes: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
}

/**
 * Whether the operation must not run: an error status or a connection fault is answered in its place,
 * so a forced failure changes nothing in the store.
 */
export function replacesOperation(preferences: Preferences): boolean {
  return (
    (preferences.code !== undefined && preferences.code >= 400) ||
    preferences.fault === 'reset' ||
    preferences.fault === 'timeout'
  )
}

/**
 * The answer in place of the operation: a forced `Error` (its `code` named after the status, e.g. 503
 * `service_unavailable`), or a connection fault for the adapter to act out. `request` names the request as
 * the client sent it: `GET /v1/pets`.
 * @example forcedAnswer({ code: 503 }, 'GET /v1/pets', 'Prefer: code=503')
 */
export function forcedAnswer(preferences: Preferences, request: string, cause: string): MockResponse {
  if (preferences.fault === 'reset' || preferences.fault === 'timeout')
    return { status: 0, headers: {}, fault: preferences.fault }
  const status = preferences.code ?? 500
  const code = forcedCodes[status] ?? 'forced_error'
  return errorResponse(new MockError(status, code, `${request} answered ${status} as asked (${cause}).`))
}

/**
 * The operation's answer as the preferences reshape it: a documented 2xx status in place of its own
 * (an error it answered stays), or with `fault=malformed` a 200 whose JSON is cut off half way.
 * @example reshapeAnswer(answer, { fault: 'malformed' })
 */
export function reshapeAnswer(answer: MockResponse, preferences: Preferences): MockResponse {
  if (preferences.fault === 'malformed') {
    // TextEncoder rather than Buffer: this runs in the browser worker's page too.
    const body = answer.body ?? '{}'
    const bytes = typeof body === 'string' ? utf8.encode(body) : body
    const cut = bytes.slice(0, Math.max(1, Math.floor(bytes.byteLength / 2)))
    return { status: 200, headers: { ...answer.headers, 'content-type': 'application/json' }, body: cut }
  }
  if (preferences.code !== undefined && answer.status >= 200 && answer.status < 300)
    return { ...answer, status: preferences.code }
  return answer
}
