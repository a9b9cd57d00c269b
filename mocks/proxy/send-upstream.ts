import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { ProxyOrigin } from './proxy-origin.ts'

/** A request as the proxy forwards it: the deployment, its request target, the header lines and the body bytes. */
interface UpstreamRequest {
  origin: ProxyOrigin
  method: string
  /** Origin form: the base path, the path below it and the query, as the client sent them. */
  path: string
  rawHeaders: Array<string>
  body: Uint8Array | undefined
  /** Aborts the exchange: the client went away, or the deadline passed. */
  signal: AbortSignal
}

/** Why a forwarded request got no answer: the reason is one line, for the 502 and the journal. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    /** `timeout`: no answer by the deadline (a 504); `unreachable`: refused, reset, not found (a 502). */
    readonly kind: 'timeout' | 'unreachable',
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

// One pool of kept-alive connections per scheme, bounded: a burst of the app's requests reuses connections.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 128 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 128 }),
}

/**
 * Sends one request to the configured deployment with node:http(s), which follows no redirect and decodes nothing:
 * the answer's bytes are the deployment's. Resolves with the answer once its header section arrived; its body is the
 * caller's to read (`readUpstreamBody`).
 * @example const answer = await sendUpstream({ origin, method: 'GET', path: '/v1/pets/7', rawHeaders, body, signal })
 * @throws UpstreamError when no answer came: refused, reset, a name that does not resolve, the deadline
 */
export function sendUpstream({
  origin,
  method,
  path,
  rawHeaders,
  body,
  signal,
}: UpstreamRequest): Promise<IncomingMessage> {
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
        agent: agents[origin.protocol],
        signal,
        // The deployment's own Host, whatever the client sent (set in `rawHeaders`).
        setHost: false,
      })
    } catch (error) {
      reject(
        new UpstreamError(`the request could not be sent (${(error as Error).message.split('\n')[0]})`, 'unreachable'),
      )
      return
    }
    outgoing.once('response', resolve)
    outgoing.once('error', (error: NodeJS.ErrnoException) => {
      const message = error.message.split('\n')[0] ?? ''
      const reason = error.code === undefined || message.includes(error.code) ? message : `${error.code}: ${message}`
      if (signal.aborted) reject(new UpstreamError('no answer came in time', 'timeout'))
      else reject(new UpstreamError(reason, 'unreachable'))
    })
    outgoing.end(body && body.byteLength > 0 ? body : undefined)
  })
}

/** An answer's body as read within the cap: whole, or its start with the rest still to come. */
interface UpstreamBody {
  chunks: Array<Buffer>
  bytes: number
  /** False when the body passed the cap: the rest is still in the stream. */
  whole: boolean
}

/**
 * Reads an answer's body (its bytes as sent, encoded or not) up to `cap` bytes: a longer one stops there, paused,
 * for the caller to pass the rest on without keeping it.
 * @example const body = await readUpstreamBody(answer, 5_000_000)
 * @throws UpstreamError when the body breaks off (a reset, the deadline)
 */
export function readUpstreamBody(answer: IncomingMessage, cap: number): Promise<UpstreamBody> {
  return new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let bytes = 0
    const settle = (): void => {
      answer.off('data', onData)
      answer.off('end', onEnd)
      answer.off('error', onError)
      answer.off('aborted', onAborted)
    }
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk)
      bytes += chunk.byteLength
      if (bytes <= cap) return
      answer.pause()
      settle()
      resolve({ chunks, bytes, whole: false })
    }
    const onEnd = (): void => {
      settle()
      resolve({ chunks, bytes, whole: true })
    }
    const onError = (error: NodeJS.ErrnoException): void => {
      settle()
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
