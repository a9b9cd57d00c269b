import type { FailureKind } from './transport-failure.ts'

// Codes of a connection that was never made: the name does not resolve, nothing listens, the connect timed out.
const notConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
notConnected.add('UND_ERR_CONNECT_TIMEOUT')

// OpenSSL's codes for a certificate chain the client does not trust (node's TLS errors carry them as `code`).
const untrusted = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
])
const outOfDate = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID'])
const wrongHost = 'ERR_TLS_CERT_ALTNAME_INVALID'

/**
 * What a rejected `fetch` says about the connection, before any answer: `timeout` when our deadline aborted it,
 * `refused` when no connection was made, `closed` for any other failure (reset, closed by the other side, a
 * broken pipe while the body was sent); with the code or message the error carries.
 * @example classifyFetchError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }))
 *   // { kind: 'closed', cause: 'ECONNRESET' }
 */
export function classifyFetchError(error: unknown): { kind: Exclude<FailureKind, 'incomplete'>; cause: string } {
  if (isTimeout(error)) return { kind: 'timeout', cause: 'timeout' }
  const cause = causeOf(error)
  return { kind: notConnected.has(cause) ? 'refused' : 'closed', cause }
}

/**
 * A TLS failure that no request to `url` can get past, in one line that says what is wrong and what to pass: a
 * certificate the client does not trust (self-signed, a private CA: `NODE_EXTRA_CA_CERTS`), one made for another host
 * name, one out of date. Undefined for any other failure. A configuration fault, never a verdict on the target.
 * @example tlsFault(Object.assign(new TypeError('fetch failed'), { cause: { code: 'SELF_SIGNED_CERT_IN_CHAIN' } }),
 *   'https://127.0.0.1:8443/v1/pets') // 'The TLS certificate of https://127.0.0.1:8443 is not trusted …'
 */
export function tlsFault(error: unknown, url: string): string | undefined {
  const code = causeOf(error)
  const origin = originOf(url)
  if (untrusted.has(code))
    return (
      `The TLS certificate of ${origin} is not trusted (${code}): pass the CA that signed it, a PEM file, in ` +
      'NODE_EXTRA_CA_CERTS when you start the run (NODE_EXTRA_CA_CERTS=ca.pem before the command).'
    )
  if (code === wrongHost) {
    const { hostname } = new URL(origin)
    const detail = (error as { cause?: { reason?: string } }).cause?.reason?.replace(/[\s:]+$/, '')
    return (
      `The TLS certificate of ${origin} is not made for ${hostname} (${code}${detail ? `: ${detail}` : ''}): pass ` +
      'the base URL with a host name the certificate names (--base-url, --messages-base-url).'
    )
  }
  if (outOfDate.has(code))
    return `The TLS certificate of ${origin} is out of date (${code}): the deployment must renew it to be judged.`
  return undefined
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/**
 * Our deadline aborted the request or its body.
 * @example isTimeout(new DOMException('aborted', 'TimeoutError')) // true
 */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

/**
 * The code (`ECONNRESET`) or message an error carries, its cause's first.
 * @example causeOf(new Error('boom')) // 'boom'
 */
export function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause
  const own = (error as { code?: string } | undefined)?.code
  return cause?.code ?? cause?.message ?? own ?? (error instanceof Error ? error.message : String(error))
}

/**
 * Why fetch's HTTP parser (llhttp, in undici), or undici's check of a body against its Content-Length, refused the
 * answer, when that is why the request or its body failed:
 * the target answered, in bytes that are not an HTTP/1.1 answer as that parser reads one. Undefined for any other
 * failure (a reset, a timeout, a refused connection).
 * @example refusedByParser(fetchError) // 'HPE_UNEXPECTED_CONTENT_LENGTH: Content-Length can\'t be present with …'
 */
export function refusedByParser(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    // Node 22's undici lets an answer framed by both Transfer-Encoding and Content-Length through its parser, then
    // refuses the body for its length: the same answer, refused one step later.
    if (cause.name === 'HTTPParserError' || cause.name === 'ResponseContentLengthMismatchError') {
      const code = (cause as { code?: string }).code
      const reason = /\((.*)\)$/.exec(cause.message)?.[1] ?? cause.message
      return code ? `${code}: ${reason}` : reason
    }
    cause = (cause as { cause?: unknown }).cause
  }
  return undefined
}
