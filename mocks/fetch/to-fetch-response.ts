import { corsHeaders, type MockResponse } from '../core/mock-response.ts'

/** Turns a core answer into a Fetch `Response` with the CORS headers; a HEAD answer keeps the headers and drops the body. */
export function toFetchResponse(answer: MockResponse, method = 'GET'): Response {
  const body = method === 'HEAD' || answer.body === undefined ? null : answer.body
  return new Response(body, { status: answer.status, headers: { ...corsHeaders, ...answer.headers } })
}
