import type { FailureKind } from './transport-failure.ts'

// Codes of a connection that was never made: the name does not resolve, nothing listens, the connect timed out.
const notConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
notConnected.add('UND_ERR_CONNECT_TIMEOUT')

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
