import { stringifyJson } from '../../spec/json/stringify-json.ts'

/** What the core answers, before an adapter turns it into a Fetch `Response` or a node:http reply. */
export interface MockResponse {
  status: number
  headers: Record<string, string>
  /**
   * Serialized JSON (as UTF-8 bytes where an answer is cached and sent often), or absent for a bodiless
   * answer (204, HEAD).
   */
  body?: string | Uint8Array
  /**
   * A connection fault for the adapter to act out instead of answering (`Prefer: fault=…`, a rule):
   * `reset` drops the connection (in-process: the fetch rejects with a TypeError), `timeout` answers
   * nothing until the client gives up or the server's own request timeout passes.
   */
  fault?: 'reset' | 'timeout'
}

/**
 * Headers that let a browser app on another origin read an answer: on every answer of every transport to
 * a request that carries an `Origin` (`withCors` in `dispatch.ts`).
 */
export const corsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Allow, Deprecation, Sunset, WWW-Authenticate, Preference-Applied',
}

// Frozen: shared by every answer that has no other header, and so cached by `withCors`.
const jsonHeaders: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' })

/**
 * A JSON answer.
 * @example jsonResponse(200, [{ id: 1, name: 'Rex' }])
 */
export function jsonResponse(status: number, value: unknown, headers?: Record<string, string>): MockResponse {
  return jsonTextResponse(status, stringifyJson(value), headers)
}

/** Like `jsonResponse`, for a body that is already serialized. */
export function jsonTextResponse(
  status: number,
  body: string | Uint8Array,
  headers?: Record<string, string>,
): MockResponse {
  return { status, headers: headers ? { 'content-type': 'application/json', ...headers } : jsonHeaders, body }
}
