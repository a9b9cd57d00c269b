import type { CallOptions } from '../shared/contract-caller.ts'
import type { ExchangeRequest } from '../shared/exchange.ts'

/**
 * How a call's request went beyond its method, URL, headers and body text, as its exchange records it for a
 * reproduce line: the body's bytes where they are not the UTF-8 of the text shown (`bodyBytes`), the chunked
 * framing, the redirects followed.
 * @example sentForm({ bodyBytes: new Uint8Array([0xff]), chunked: true }, '\\xFF') // { bodyLatin1: 'ÿ', chunked }
 */
export function sentForm(
  { bodyBytes, chunked, followRedirects }: CallOptions,
  body: string | undefined,
): Pick<ExchangeRequest, 'bodyLatin1' | 'chunked' | 'followRedirects'> {
  const latin1 = bodyBytes && Buffer.from(bodyBytes).toString('latin1')
  const written = body === undefined ? undefined : Buffer.from(body).toString('latin1')
  return {
    ...(latin1 !== undefined && latin1 !== written && { bodyLatin1: latin1 }),
    // The transport sends no body (and so no chunked framing) for a request without one.
    ...(chunked && body !== undefined && { chunked: true }),
    ...(followRedirects && { followRedirects: true }),
  }
}
