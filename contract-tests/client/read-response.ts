import { StreamReadError } from '../../shared/read-capped-stream.ts'
import type { ExchangeResponse } from '../shared/exchange.ts'
import { causeOf, isTimeout, refusedByParser } from './classify-fetch-error.ts'
import { readCappedText } from './read-capped-text.ts'
import { readJsonBody } from './read-json-body.ts'
import { TransportFailure, type UnansweredRequest } from './transport-failure.ts'
import { UnparsedAnswer } from './unparsed-answer.ts'

interface ReadLimits {
  /** Largest body read, in decoded bytes. */
  maxBodyBytes: number
  /** Deepest nesting of arrays and objects parsed. */
  maxJsonDepth: number
  timeoutMs: number
}

/**
 * Reads an answer whole within its limits: the body up to the read cap (past it, `truncated`), parsed as JSON
 * (`readJsonBody`: bounded, each array and object cut to its first members) unless it nests deeper than the client
 * parses (`notParsed` says so), and without losing an int64. A body that fails while it arrives (a reset, the
 * request's deadline) is a `TransportFailure` of kind `incomplete`.
 * @example const answer = await readResponse(response, request, limits, performance.now())
 */
export async function readResponse(
  response: Response,
  request: UnansweredRequest,
  { maxBodyBytes, maxJsonDepth, timeoutMs }: ReadLimits,
  started: number,
): Promise<ExchangeResponse> {
  let read: Awaited<ReturnType<typeof readCappedText>>
  try {
    read = await readCappedText(response, maxBodyBytes)
  } catch (error) {
    const failure = error instanceof StreamReadError ? error : new StreamReadError(error, 0)
    // A body fetch's parser refused (a chunk size that is not hexadecimal): the answer is read again on the wire.
    const refusal = refusedByParser(failure.cause)
    if (refusal !== undefined) throw new UnparsedAnswer(request.url, refusal)
    const cause = isTimeout(failure.cause) ? 'timeout' : causeOf(failure.cause)
    const answer = { status: response.status, bytesRead: failure.bytesRead }
    throw new TransportFailure('incomplete', request, cause, timeoutMs, answer)
  }
  const body = read.truncated ? { jsonParsed: false } : readJsonBody(read.text, maxJsonDepth)
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    bodyText: read.text,
    bodyBytes: read.bytes,
    ...body,
    truncated: read.truncated,
    bom: read.bom,
    utf8: read.utf8,
    setCookies: response.headers.getSetCookie(),
    durationMs: Math.round(performance.now() - started),
  }
}
