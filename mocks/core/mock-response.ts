/** What the core answers, before an adapter turns it into a Fetch `Response` or a node:http reply. */
export interface MockResponse {
  status: number
  headers: Record<string, string>
  /** Serialized JSON, or absent for a bodiless answer (204, HEAD). */
  body?: string
}

/** Headers every answer carries so a browser app on another origin can read it. */
export const corsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Allow, Deprecation, Sunset, WWW-Authenticate',
}

/**
 * A JSON answer with the CORS headers.
 * @example jsonResponse(200, [{ id: 1, name: 'Rex', categoryId: 1 }])
 */
export function jsonResponse(status: number, value: unknown, headers?: Record<string, string>): MockResponse {
  return jsonTextResponse(status, JSON.stringify(value), headers)
}

/** Like `jsonResponse`, for a body that is already serialized. */
export function jsonTextResponse(status: number, body: string, headers?: Record<string, string>): MockResponse {
  return { status, headers: { 'content-type': 'application/json', ...corsHeaders, ...headers }, body }
}
