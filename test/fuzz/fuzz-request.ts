import fc from 'fast-check'

/** A request body with a short label, so a counterexample never prints a megabyte. */
export interface FuzzBody {
  label: string
  bytes: Uint8Array
}

/** One hostile request, in a form every transport can send: fetch builds a `Request`, a socket writes the bytes. */
export interface FuzzRequest {
  method: string
  /** Path and query exactly as they go on the request line: not normalised, not re-encoded. */
  target: string
  headers: ReadonlyArray<readonly [string, string]>
  body?: FuzzBody
  /** How a socket client frames the body; fetch always sends a Content-Length of its own. */
  framing: 'content-length' | 'chunked'
  /** The Host a socket client sends, where not the target's own name. */
  host?: string
}

/**
 * Builds a request that fast-check prints as one readable line (`fc.toStringMethod`).
 * @example fuzzRequest({ method: 'GET', target: '/v1/pets/%00', headers: [], framing: 'content-length' })
 */
export function fuzzRequest(request: FuzzRequest): FuzzRequest {
  return Object.assign({ ...request }, { [fc.toStringMethod]: () => describeRequest(request) })
}

/**
 * A request as one line: method, target, headers (long values cut) and the body's label.
 * @example describeRequest(request) // 'POST /v1/pets {authorization: "Bearer petstore-dev-key"} body "[" × 100000 ' +
   '(100000 bytes)'
 */
export function describeRequest({ method, target, headers, body, framing, host }: FuzzRequest): string {
  const shown = headers.slice(0, 10).map(([name, value]) => `${JSON.stringify(name)}: ${shorten(value)}`)
  if (host !== undefined) shown.unshift(`host: ${shorten(host)}`)
  if (headers.length > 10) shown.push(`…(${headers.length - 10} more headers)`)
  const shownHeaders = shown.join(', ')
  const shownBody = body
    ? ` body ${body.label} (${body.bytes.byteLength} bytes${framing === 'chunked' ? ', chunked' : ''})`
    : ''
  return `${shorten(method, 40, false)} ${shorten(target, 200, false)} {${shownHeaders}}${shownBody}`
}

/**
 * A value for a report: quoted, and cut with its full length when long.
 * @example shorten('a'.repeat(100), 3) // '"aaa…(100 chars)"'
 */
export function shorten(value: string, max = 80, quote = true): string {
  const cut = value.length > max ? `${value.slice(0, max)}…(${value.length} chars)` : value
  return quote ? JSON.stringify(cut) : cut
}
