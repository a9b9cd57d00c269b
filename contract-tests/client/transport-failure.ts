import type { OperationId } from '../../spec/types.ts'
import { TargetError } from './target-error.ts'

/**
 * How a request failed to get a whole answer: `refused` (no connection), `closed` (the connection closed or was
 * reset before any answer), `timeout` (no answer within the deadline), `incomplete` (an answer began, its body
 * did not arrive whole: reset mid-body, or past the deadline).
 */
export type FailureKind = 'refused' | 'closed' | 'timeout' | 'incomplete'

/** The request a transport failure happened on, as a report names it. */
export interface UnansweredRequest {
  method: string
  url: string
  /** Bytes of the request body sent (0 without one): a body refused by closing the connection is named by size. */
  bodyBytes: number
}

/** What an answer that began had shown when its body failed. */
interface PartialAnswer {
  status: number
  bytesRead: number
}

const bytes = (count: number): string => `${count.toLocaleString('en')} bytes`

/**
 * One request got no whole answer: that one check could not be judged, every other check still runs. A
 * `TargetError` too, so that code which knows only that one still stops short of a verdict on it.
 * @example new TransportFailure('closed', { method: 'POST', url, bodyBytes: 1_000_045 }, 'ECONNRESET', 10_000)
 */
export class TransportFailure extends TargetError {
  /** The operation the request was for, once the client knows it. */
  operationId?: OperationId

  constructor(
    readonly kind: FailureKind,
    readonly request: UnansweredRequest,
    /** The error code or message the connection gave (`ECONNRESET`, `UND_ERR_SOCKET`). */
    readonly cause: string,
    readonly timeoutMs: number,
    readonly answer?: PartialAnswer,
    /** Whether the request was sent a second time after the first failed (idempotent requests only). */
    readonly retried = false,
  ) {
    super(describe(kind, request, cause, timeoutMs, answer, retried))
    this.name = 'TransportFailure'
  }

  /** The same failure, said to have come again on a second try. */
  again(): TransportFailure {
    const again = new TransportFailure(this.kind, this.request, this.cause, this.timeoutMs, this.answer, true)
    again.operationId = this.operationId
    return again
  }
}

function describe(
  kind: FailureKind,
  { method, url, bodyBytes }: UnansweredRequest,
  cause: string,
  timeoutMs: number,
  answer: PartialAnswer | undefined,
  retried: boolean,
): string {
  const request = `${method} ${url}${bodyBytes > 0 ? ` (a body of ${bytes(bodyBytes)})` : ''}`
  const twice = retried ? ', twice (an idempotent request is tried again once)' : ''
  if (kind === 'refused') return `Failed to reach the target (${request}): ${cause}${twice}.`
  if (kind === 'timeout') return `No answer to ${request} within ${timeoutMs} ms.`
  if (kind === 'closed')
    return `No answer to ${request}: the connection was closed before an answer (${cause})${twice}.`
  const read = `${answer?.status ?? 'an'} answered, ${bytes(answer?.bytesRead ?? 0)} of the body read`
  return cause === 'timeout'
    ? `The response to ${request} did not complete within ${timeoutMs} ms (${read}).`
    : `The connection failed while reading the response to ${request} (${read}): ${cause}.`
}

/**
 * A `catch` handler that sets aside a request that got no whole answer (`undefined` in its place) and lets
 * every other error through: for requests whose loss only makes the result smaller (one of many creates).
 * @example const exchange = await client.call('createPet', { json }).catch(setAsideUnanswered)
 */
export function setAsideUnanswered(error: unknown): undefined {
  if (error instanceof TransportFailure) return undefined
  throw error
}
