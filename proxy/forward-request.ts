import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import { withCors } from '../mocks/core/dispatch.ts'
import { errorResponse, MockError } from '../mocks/core/mock-error.ts'
import type { MockResponse } from '../mocks/core/mock-response.ts'
import { headFault, unwritable } from './answer-fault.ts'
import { returnedHeaders } from './forwarded-headers.ts'
import { passInterimAnswer } from './interim-answer.ts'
import { clientBounds, type ForwardedAnswer } from './judge-answer.ts'
import type { ByteBudget } from './proxy-capacity.ts'
import type { ProxyOrigin } from './proxy-origin.ts'
import {
  cancellation,
  invalidAnswer,
  readUpstreamBody,
  sendUpstream,
  type UpstreamAgents,
  UpstreamError,
} from './send-upstream.ts'

/** One request the proxy forwards, as it goes: what the server read of it, then what became of it. */
export interface ForwardedRequest {
  method: string
  target: { origin: ProxyOrigin; path: string }
  /** The header lines forwarded (the client's, less the hop-by-hop ones, with the deployment's `Host`). */
  rawHeaders: ReadonlyArray<string>
  body: Uint8Array | undefined
  /** The deployment's answer, when one came that could be passed on. */
  answer?: ForwardedAnswer
  /** Why none came, why the one that came could not be passed on (`kind: 'invalid'`), or why it broke off. */
  failure?: UpstreamError
  /** The proxy's own answer, when it gave one instead of the deployment (502, 504). */
  own?: MockResponse
  /** The client went away before its answer was written. */
  clientGone?: boolean
  /** Interim (1xx) answers the deployment sent before its final one. */
  interim?: number
  /** Bytes of the answer's body the app got, when it passed through past the read cap. */
  passedBytes?: number
  /** Bytes of the answer held for judging, taken from the answer budget: given back once judged. */
  heldBytes?: number
}

/** What forwarding needs of the server. */
interface ForwardContext {
  agents: UpstreamAgents
  /** How long the deployment has for a whole answer, its body included. */
  timeoutMs: number
  /** The bytes of answers the proxy may hold at once for judging. */
  answers: ByteBudget
}

/**
 * Forwards one request to the deployment and writes its answer back: its interim (1xx) answers as they come, then
 * the final one as it came once its body is read whole (or, past the client's read cap or the proxy's budget of
 * answers, its start and then the rest as it streams, unkept). Resolves once the exchange is over, whatever
 * happened: never rejects. An answer that is not HTTP the proxy can pass on (a status line or field out of the
 * grammar, a status outside 200..599, an unasked 101) gets the app a 502 and sets `failure` with its fault; a
 * deployment that does not answer, a 502 (504 past `timeoutMs`); a body that does not end by then is cut.
 * @example await forwardRequest(request, response, forwarded, { agents, timeoutMs: 30_000, answers })
 */
export async function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  forwarded: ForwardedRequest,
  { agents, timeoutMs, answers }: ForwardContext,
): Promise<void> {
  const cancel = cancellation()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    cancel.cancel()
  }, timeoutMs)
  const onClose = (): void => {
    if (response.writableFinished) return
    forwarded.clientGone = true
    cancel.cancel()
  }
  response.once('close', onClose)
  const started = performance.now()
  let bodyBytes = 0
  try {
    const answer = await sendUpstream({
      origin: forwarded.target.origin,
      method: forwarded.method,
      path: forwarded.target.path,
      rawHeaders: forwarded.rawHeaders as Array<string>,
      body: forwarded.body,
      cancel,
      agents,
      onInterim: (interim) => {
        forwarded.interim = (forwarded.interim ?? 0) + 1
        passInterimAnswer(request, response, interim, forwarded.interim)
      },
    })
    const body = await readUpstreamBody(answer, clientBounds.maxBodyBytes, answers)
    bodyBytes = body.bytes
    forwarded.heldBytes = body.bytes
    const status = answer.statusCode ?? 0
    const reason = answer.statusMessage ?? ''
    const bytes = body.chunks.length === 1 ? (body.chunks[0] as Buffer) : Buffer.concat(body.chunks, body.bytes)
    const unjudged = body.overBudget && 'the proxy held its budget of answers to judge already'
    forwarded.answer = { status, rawHeaders: answer.rawHeaders, body: bytes, whole: body.whole, started }
    if (unjudged) forwarded.answer.unjudged = unjudged
    if (response.destroyed) {
      forwarded.clientGone = true
      if (!body.whole) answer.destroy()
      return
    }
    // A final status outside 200..599 is no HTTP status (RFC 9110 section 15): node would write it on.
    const fault = status < 200 || status > 599 ? unwritable(status, reason, answer.rawHeaders) : undefined
    // A HEAD, 204 or 304 answer keeps the deployment's Content-Length: it describes a body not sent.
    const bodiless = forwarded.method === 'HEAD' || status === 204 || status === 304
    const headers = returnedHeaders(answer.rawHeaders, bodiless || !body.whole)
    if (body.whole && !bodiless) headers.push('content-length', String(bytes.byteLength))
    if (!fault && writeHead(response, status, reason, headers)) {
      if (body.whole) response.end(bodiless ? undefined : bytes)
      else {
        // From here the stream says who ended it: the deployment, the deadline or the app.
        response.off('close', onClose)
        await passThrough(answer, response, bytes, forwarded)
      }
      if (timedOut && forwarded.failure) {
        const passed = (forwarded.passedBytes ?? 0).toLocaleString('en-US')
        const words = `the body did not end within ${timeoutMs / 1000} s: ${passed} bytes passed on, then cut`
        forwarded.failure = new UpstreamError(words, 'timeout')
      }
      return
    }
    forwarded.answer = undefined
    if (!body.whole) answer.destroy()
    throw invalidAnswer(fault ?? headFault(status, reason, answer.rawHeaders))
  } catch (error) {
    const failure = error instanceof UpstreamError ? error : new UpstreamError((error as Error).message, 'unreachable')
    const late = timedOut && failure.kind !== 'invalid'
    if (forwarded.clientGone || response.destroyed) forwarded.clientGone = true
    else if (response.headersSent) response.destroy()
    else {
      const { baseUrl } = forwarded.target.origin
      const words = late ? gaveNoWholeAnswer(timeoutMs, forwarded, bodyBytes) : failureWords(failure)
      const [status, code] = late ? [504, 'gateway_timeout' as const] : [502, 'bad_gateway' as const]
      const own = errorResponse(new MockError(status, code, `The deployment at ${baseUrl} ${words}`))
      forwarded.own = withCors(own, request.headers.origin)
      writeOwnAnswer(request, response, forwarded.own)
    }
    forwarded.failure = late
      ? new UpstreamError(gaveNoWholeAnswer(timeoutMs, forwarded, bodyBytes).replace(/^gave /, ''), 'timeout')
      : failure
  } finally {
    clearTimeout(timer)
    response.off('close', onClose)
    // No answer to judge: what was read of one is let go now.
    if (forwarded.answer === undefined) {
      answers.give(bodyBytes)
      forwarded.heldBytes = 0
    }
  }
}

/** Writes the deployment's head; false when node cannot write it as it came (a control character in it). */
function writeHead(response: ServerResponse, status: number, reason: string, headers: Array<string>): boolean {
  try {
    response.writeHead(status, reason, headers)
    return true
  } catch {
    return false
  }
}

/** The end of the 502's sentence for a failure, e.g. `could not be reached: connect ECONNREFUSED ….` */
function failureWords(failure: UpstreamError): string {
  const text =
    failure.kind === 'invalid' ? `sent an answer the proxy cannot pass on: ${failure.message}` : failure.message
  const sentence = failure.kind === 'invalid' ? text : `could not be reached: ${text}`
  return sentence.endsWith('.') ? sentence : `${sentence}.`
}

/** `gave no whole answer within 30 s`, and what did come before the deadline. */
function gaveNoWholeAnswer(timeoutMs: number, forwarded: ForwardedRequest, bodyBytes: number): string {
  const interim = forwarded.interim ?? 0
  const came = [
    interim > 0 && `${interim} interim (1xx) answer${interim === 1 ? '' : 's'}`,
    forwarded.answer && `a head and ${bodyBytes.toLocaleString('en-US')} bytes of its body`,
  ].filter(Boolean)
  return `gave no whole answer within ${timeoutMs / 1000} s${came.length > 0 ? ` (only ${came.join(' and ')})` : ''}.`
}

/**
 * The rest of a body past the read cap, passed on as it streams, unkept; the exchange ends when the app has it all,
 * or when it was cut: the deadline, a reset, the app gone. What the app got is counted (`passedBytes`), and a cut
 * set as the failure.
 */
function passThrough(
  answer: IncomingMessage,
  response: ServerResponse,
  start: Buffer,
  forwarded: ForwardedRequest,
): Promise<void> {
  let passed = start.byteLength
  let ended = false
  let cutHere = false
  return new Promise((resolve) => {
    answer.on('data', (chunk: Buffer) => {
      passed += chunk.byteLength
    })
    answer.once('end', () => {
      ended = true
    })
    const cut = (): void => {
      if (ended || response.destroyed) return
      cutHere = true
      response.destroy()
    }
    answer.once('error', cut)
    answer.once('aborted', cut)
    answer.once('close', cut)
    response.once('close', () => {
      forwarded.passedBytes = passed
      if (!response.writableFinished && !ended) {
        answer.destroy()
        // Why the body stopped short is the caller's to say (`timeoutMs`) when it was the deadline.
        if (cutHere)
          forwarded.failure = new UpstreamError(
            `the body broke off after ${passed.toLocaleString('en-US')} bytes passed on`,
            'unreachable',
          )
        else forwarded.clientGone = true
      }
      resolve()
    })
    response.write(start)
    answer.pipe(response)
  })
}

/** Writes one of the proxy's own answers (an `Error` body), with its standard reason phrase. */
export function writeOwnAnswer(request: IncomingMessage, response: ServerResponse, answer: MockResponse): void {
  if (response.headersSent || response.destroyed) return
  const headers: Array<string> = []
  for (const [name, value] of Object.entries(answer.headers)) headers.push(name, value)
  headers.push('content-length', String(answer.body === undefined ? 0 : Buffer.byteLength(answer.body)))
  // The reason given: node would keep one set before, a deployment's that could not be written.
  response.writeHead(answer.status, STATUS_CODES[answer.status] ?? 'Error', headers)
  response.end(request.method === 'HEAD' ? undefined : answer.body)
}
