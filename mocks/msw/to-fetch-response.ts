import type { MockResponse } from '../core/mock-response.ts'

/**
 * Turns a core answer into a Fetch `Response`; a HEAD answer keeps the headers and drops the body.
 * @example toFetchResponse(answer, request.method)
 */
export function toFetchResponse(answer: MockResponse, method = 'GET'): Response {
  // A connection fault: msw turns a network error response into a rejected fetch (a TypeError).
  if (answer.fault) return Response.error()
  // A cached Uint8Array is safe to hand over: a Response copies the bytes of its body.
  const body = method === 'HEAD' || answer.body === undefined ? null : (answer.body as BodyInit)
  return new Response(body, { status: answer.status, headers: answer.headers })
}
