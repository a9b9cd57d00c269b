import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type InformationEvent } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Socket } from 'node:net'
import { type AnswerFault, parseFault, unrequestedUpgrade } from './answer-fault.ts'
import { type ByteBudget, idleUpstreamSockets } from './proxy-capacity.ts'
import type { ProxyOrigin } from './proxy-origin.ts'

/** A request as the proxy forwards it: the deployment, its request target, the header lines and the body bytes. */
interface UpstreamRequest {
  origin: ProxyOrigin
  method: string
  /** Origin form: the base path, the path below it and the query, as the client sent them. */
  path: string
  rawHeaders: Array<string>
  body: Uint8Array | undefined
  /** Ends the exchange early: the client went away, or the deadline passed. */
  cancel: Cancel
  agents: UpstreamAgents
  /** Hears of each interim (1xx) answer before the final one, which a proxy passes on (RFC 9110 section 15.2). */
  onInterim?(interim: InformationEvent): void
}

/**
 * What ends an exchange early (the client gone, the deadline), lighter than an `AbortController`, which costs a
 * forwarded request a few percent of its CPU: `cancel()` destroys the request to the deployment, its answer with it.
 */
interface Cancel {
  cancelled: boolean
  cancel(): void
}

/**
 * A `Cancel` not yet cancelled.
 * @example const cancel = cancellation(); setTimeout(() => cancel.cancel(), 30_000)
 */
export function cancellation(): Cancel & { onCancel?: () => void } {
  return {
    cancelled: false,
    cancel() {
      if (this.cancelled) return
      this.cancelled = true
      this.onCancel?.()
    },
  }
}

/** Why a forwarded request got no answer it could pass on: the reason is one line, for the 502 and the journal. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    /**
     * `timeout`: no whole answer by the deadline (a 504); `unreachable`: refused, reset, not found (a 502);
     * `invalid`: an answer came that is not HTTP the proxy can pass on (a 502, and a violation: `fault`).
     */
    readonly kind: 'timeout' | 'unreachable' | 'invalid',
    readonly fault?: AnswerFault,
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

/** Answers whose body node could not parse, with what was wrong (node tells the request, not the answer). */
const bodyFaults = new WeakMap<IncomingMessage, AnswerFault>()

/**
 * The error of an answer that broke a rule of HTTP: its fault's message, for the 502.
 * @example throw invalidAnswer(parseFault(error))
 */
export function invalidAnswer(fault: AnswerFault): UpstreamError {
  return new UpstreamError(fault.message, 'invalid', fault)
}

/** The connections to the deployments, per scheme. */
export type UpstreamAgents = Record<ProxyOrigin['protocol'], HttpAgent>

/**
 * How long an idle connection to a deployment is kept (less where the deployment's `Keep-Alive: timeout=` says so,
 * by a second): a deployment closes its own idle connections (node after 5 s), and a request sent on one it is closing
 * is lost with a reset, which the proxy may not send again unless the method is idempotent (RFC 9110 section 9.2.2).
 */
const idleUpstreamMs = 3_000

/** Methods a proxy may send again when a kept-alive connection was reset before any answer (RFC 9110 9.2.2). */
const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE'])

/**
 * The connections a proxy keeps to the deployments, per scheme: as many at once as requests it forwards at once
 * (`maxSockets`), so that no request waits behind another for one, and a few idle ones kept for the next.
 * @example const agents = upstreamAgents(311)
 */
export function upstreamAgents(maxSockets: number): UpstreamAgents {
  const options = { keepAlive: true, maxSockets, maxFreeSockets: idleUpstreamSockets, timeout: idleUpstreamMs }
  return { 'http:': new HttpAgent(options), 'https:': new HttpsAgent(options) }
}

/**
 * `sendOnce`, and once more on a fresh connection where a kept-alive one was reset before any answer came and the
 * method is idempotent: the deployment had closed that connection, and never saw the request, or saw it and may
 * see it again (RFC 9110 section 9.2.2: "A proxy MUST NOT automatically retry non-idempotent requests").
 * @example const answer = await sendUpstream({ origin, method: 'GET', path: '/v1/pets/7', rawHeaders, body, cancel })
 * @throws UpstreamError when no answer came: refused, reset, a name that does not resolve, the deadline
 */
export async function sendUpstream(request: UpstreamRequest): Promise<IncomingMessage> {
  try {
    return await sendOnce(request)
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error
    if (!idempotent.has(request.method) || request.cancel.cancelled) throw error.failure
    return sendOnce({ ...request, fresh: true })
  }
}

/** A reset on a kept-alive connection before any answer: the request may be sent again (`failure` if not). */
class StaleConnection extends Error {
  constructor(readonly failure: UpstreamError) {
    super(failure.message)
    this.name = 'StaleConnection'
  }
}

/**
 * Sends one request to the configured deployment with node:http(s), which follows no redirect and decodes nothing:
 * the answer's bytes are the deployment's. Resolves with the answer once its header section arrived; its body is the
 * caller's to read (`readUpstreamBody`). `fresh`: on a connection of its own, not a kept-alive one.
 */
function sendOnce({
  origin,
  method,
  path,
  rawHeaders,
  body,
  cancel,
  agents,
  onInterim,
  fresh,
}: UpstreamRequest & { fresh?: boolean }): Promise<IncomingMessage> {
  const send = origin.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    let outgoing: ReturnType<typeof send>
    try {
      outgoing = send({
        protocol: origin.protocol,
        hostname: origin.hostname,
        port: origin.port,
        method,
        path,
        headers: rawHeaders,
        agent: fresh ? false : agents[origin.protocol],
        // The deployment's own Host, whatever the client sent (set in `rawHeaders`).
        setHost: false,
      })
    } catch (error) {
      reject(
        new UpstreamError(`the request could not be sent (${(error as Error).message.split('\n')[0]})`, 'unreachable'),
      )
      return
    }
    // Made when needed: an Error takes a stack trace, a cost every request would pay.
    const cancelled = () => Object.assign(new Error('The exchange was cancelled.'), { name: 'AbortError' })
    ;(cancel as Cancel & { onCancel?: () => void }).onCancel = () => outgoing.destroy(cancelled())
    if (cancel.cancelled) outgoing.destroy(cancelled())
    let answered: IncomingMessage | undefined
    outgoing.once('response', (answer: IncomingMessage) => {
      answered = answer
      resolve(answer)
    })
    // node hands the connection over on a 101; the proxy asked for no upgrade (it never forwards `Upgrade`).
    outgoing.once('upgrade', (answer: IncomingMessage, socket: Socket) => {
      socket.destroy()
      reject(invalidAnswer(unrequestedUpgrade(answer.statusCode ?? 101, answer.statusMessage ?? '', answer.rawHeaders)))
    })
    if (onInterim) outgoing.on('information', onInterim)
    outgoing.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code?.startsWith('HPE_')) {
        // Past the header section the body is being read: its reader hears of the fault from here.
        if (answered) bodyFaults.set(answered, parseFault(error))
        return reject(invalidAnswer(parseFault(error)))
      }
      const message = error.message.split('\n')[0] ?? ''
      const reason = error.code === undefined || message.includes(error.code) ? message : `${error.code}: ${message}`
      if (cancel.cancelled) return reject(new UpstreamError('no answer came in time', 'timeout'))
      const failure = new UpstreamError(reason, 'unreachable')
      const reset = error.code === 'ECONNRESET' || error.code === 'EPIPE'
      reject(reset && !answered && outgoing.reusedSocket ? new StaleConnection(failure) : failure)
    })
    outgoing.end(body && body.byteLength > 0 ? body : undefined)
  })
}

/** An answer's body as read within the cap: whole, or its start with the rest still to come. */
interface UpstreamBody {
  chunks: Array<Buffer>
  /** Bytes read, all taken from the budget: the caller gives them back once the answer is let go. */
  bytes: number
  /** False when the body passed the cap, or the budget: the rest is still in the stream. */
  whole: boolean
  /** The body stopped short of the cap because the proxy held its budget of answers already. */
  overBudget?: true
}

/**
 * Reads an answer's body (its bytes as sent, encoded or not) up to `cap` bytes, and while `budget` has room for
 * them: a longer one stops there, paused, for the caller to pass the rest on without keeping it.
 * @example const body = await readUpstreamBody(answer, 5_000_000, budget)
 * @throws UpstreamError when the body breaks off (a reset, the deadline) or is not framed as HTTP (`invalid`)
 */
export function readUpstreamBody(answer: IncomingMessage, cap: number, budget: ByteBudget): Promise<UpstreamBody> {
  return new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let bytes = 0
    const settle = (): void => {
      answer.off('data', onData)
      answer.off('end', onEnd)
      answer.off('error', onError)
      answer.off('aborted', onAborted)
    }
    const stop = (unkept?: Buffer): void => {
      settle()
      answer.pause()
      // Not kept: back at the front of the stream, passed on first with the rest.
      if (unkept) answer.unshift(unkept)
      resolve({ chunks, bytes, whole: false, ...(unkept && { overBudget: true as const }) })
    }
    const onData = (chunk: Buffer): void => {
      if (!budget.take(chunk.byteLength)) {
        stop(chunk)
        return
      }
      chunks.push(chunk)
      bytes += chunk.byteLength
      if (bytes > cap) stop()
    }
    const onEnd = (): void => {
      settle()
      resolve({ chunks, bytes, whole: true })
    }
    const onError = (error: NodeJS.ErrnoException): void => {
      settle()
      budget.give(bytes)
      // A body framed against the grammar (a chunk size that is no number): the answer is invalid, not cut.
      const fault = bodyFaults.get(answer)
      if (fault) {
        reject(invalidAnswer(fault))
        return
      }
      const kind = error.name === 'AbortError' ? 'timeout' : 'unreachable'
      reject(new UpstreamError(`the answer broke off after ${bytes} bytes (${error.code ?? error.message})`, kind))
    }
    const onAborted = (): void => onError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
    answer.on('data', onData)
    answer.once('end', onEnd)
    answer.once('error', onError)
    answer.once('aborted', onAborted)
  })
}
