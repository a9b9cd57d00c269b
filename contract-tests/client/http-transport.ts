import pLimit, { type LimitFunction } from 'p-limit'
import type { ExchangeResponse, Redirect, WrittenBytes } from '../shared/exchange.ts'
import { classifyFetchError, refusedByParser, tlsFault } from './classify-fetch-error.ts'
import { readAnswerOnWire } from './read-answer-on-wire.ts'
import { readResponse } from './read-response.ts'
import { redirectHop } from './redirect-hop.ts'
import { ConfigurationFault, TargetError } from './target-error.ts'
import { TransportFailure, type UnansweredRequest } from './transport-failure.ts'
import { UnparsedAnswer } from './unparsed-answer.ts'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

interface TransportOptions {
  fetch: FetchLike
  /** Deadline of each request, headers and body together. */
  timeoutMs: number
  /** Largest body read from a response, in decoded bytes. */
  maxBodyBytes: number
  /** Deepest nesting of arrays and objects parsed in a response body. */
  maxJsonDepth: number
  /** How many times a 429 with Retry-After is retried. */
  maxRetries: number
  /** Longest Retry-After honoured, in ms. */
  maxRetryDelayMs: number
  /** Requests in flight at once, whoever sends them. */
  concurrency: number
  /**
   * The route a request takes, as one handler answers it (default: its method, origin and path). Requests of one
   * route that wait out their deadline in a row stop it being sent (`operationRoute`: a read of any id is one route).
   */
  routeOf?: (method: string, url: string) => string
}

/** A request as the transport sends it. */
interface OutgoingRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  /** The body as raw bytes, when they are not UTF-8 text (`body` then shows them in reports). */
  bytes?: Uint8Array
  /** Sends the body as a stream of unknown length: `Transfer-Encoding: chunked`. */
  chunked?: boolean
  /** Follow redirects within the origin (see `CallOptions.followRedirects`). */
  followRedirects?: boolean
}

// RFC 9110 section 9.2.2: a request with an idempotent method may be sent again after a connection failure
// before any answer came; a POST never is, as the first one may have been acted upon.
const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE'])
const maxRedirects = 5
/** Requests of one route that wait out their deadline in a row, its origin answering others, before it is not sent. */
const routeTimeoutsToStop = 3

/**
 * The one way the suite's requests reach a target: at most `concurrency` in flight, each within its deadline and
 * read cap; a 429 with Retry-After pauses every request (a few times at most); an idempotent request is sent again
 * once after its connection failed before any answer; a request that still gets no whole answer throws a
 * `TransportFailure` for that one request. Only when nothing answers any more (twice the concurrency in a row, at least
 * 10) and the origin no longer answers a GET it answered before (while it does, the requests of that route fail at
 * once from then on, unanswered), the target keeps rate limiting, or a TLS certificate is not trusted (a
 * `ConfigurationFault`) does every request from then on throw the `TargetError` in `halted`: the target could not be
 * judged.
 * @example const answer = await transport.send({ method: 'GET', url, headers })
 */
export class HttpTransport {
  /** Set once the target can no longer be judged: every request throws it. */
  halted?: TargetError
  /** The largest request body the target answered (any status): a closed connection above it may be a limit. */
  largestAnsweredBodyBytes = 0
  private readonly limit: LimitFunction
  private readonly maxFailuresInARow: number
  private failuresInARow = 0
  /**
   * The routes (method, origin and path) that stopped answering while their origin still answered: a request to one
   * is not sent again, it fails at once as unanswered.
   */
  private readonly unanswering = new Set<string>()
  /** Each route's requests that waited out their deadline since it last answered. */
  private readonly timeoutsInARow = new Map<string, number>()
  /** The last GET or HEAD each origin answered: what shows an origin still answers. */
  private readonly lastAnswered = new Map<string, OutgoingRequest>()
  private pausedUntil = 0
  private rateLimitedInARow = 0

  private readonly routeOf: (method: string, url: string) => string

  constructor(private readonly options: TransportOptions) {
    this.routeOf = options.routeOf ?? pathRoute
    this.limit = pLimit(options.concurrency)
    this.maxFailuresInARow = Math.max(10, 2 * options.concurrency)
  }

  /**
   * An answer fetch's HTTP parser refuses is read again on a connection of its own and given with what was read
   * there (`readOnWire`) and the bytes written (`written`): the target answered, and its bytes are judged.
   */
  send(request: OutgoingRequest): Promise<ExchangeResponse & { written?: WrittenBytes }> {
    return this.limit(() => this.sendNow(request))
  }

  private async sendNow(request: OutgoingRequest): Promise<ExchangeResponse & { written?: WrittenBytes }> {
    const route = this.routeOf(request.method, request.url)
    if (this.unanswering.has(route)) throw notSentAgain(request, route, this.options.timeoutMs)
    try {
      const answer = await this.answerOf(request)
      this.failuresInARow = 0
      this.timeoutsInARow.delete(route)
      if (request.method === 'GET' || request.method === 'HEAD') this.lastAnswered.set(originOf(request), request)
      return answer
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error
      const routeTimeouts = error.kind === 'timeout' ? (this.timeoutsInARow.get(route) ?? 0) + 1 : 0
      if (routeTimeouts === 0) this.timeoutsInARow.delete(route)
      else this.timeoutsInARow.set(route, routeTimeouts)
      // A route whose requests wait out their deadline in a row, while its origin still answers a request it answered
      // before: its requests go unanswered (request_answered judges them), not the target. Counted per route as
      // well as in all, since the answers other routes give in between keep the count of all from growing.
      if (routeTimeouts >= routeTimeoutsToStop && !this.halted && (await this.stillAnswers(originOf(request)))) {
        this.unanswering.add(route)
        throw error
      }
      if (++this.failuresInARow < this.maxFailuresInARow || this.halted) throw this.halted ?? error
      if (error.kind === 'timeout' && (await this.stillAnswers(originOf(request)))) {
        this.unanswering.add(route)
        this.failuresInARow = 0
        throw error
      }
      this.halted ??= new TargetError(
        `${error.message} The target stopped answering: ${this.failuresInARow} requests in a row ` +
          'got no whole answer.',
      )
      throw this.halted
    }
  }

  /**
   * Why a request of this method and URL is not sent, when its route stopped answering while its origin answered
   * (the message of the failure `send` would throw); undefined when it is sent. For requests written on the wire.
   */
  notSent(method: string, url: string): string | undefined {
    const route = this.routeOf(method, url)
    if (!this.unanswering.has(route)) return undefined
    return notSentAgain({ method, url, headers: {} }, route, this.options.timeoutMs).message
  }

  /** Whether `origin` answers again the last GET or HEAD it answered (undefined: none yet, so no). */
  private async stillAnswers(origin: string): Promise<boolean> {
    const probe = this.lastAnswered.get(origin)
    if (!probe) return false
    try {
      const response = await this.fetchOnce(probe, { method: probe.method, url: probe.url, bodyBytes: 0 })
      await response.body?.cancel().catch(() => {})
      return true
    } catch {
      return false
    }
  }

  /**
   * The answer as fetch reads it, or, where fetch's HTTP parser refused it, as read again on the wire: the request is
   * written a second time (a create creates twice, the first answer unread; the run names the second's id).
   */
  private async answerOf(request: OutgoingRequest): Promise<ExchangeResponse & { written?: WrittenBytes }> {
    try {
      return await this.fetchedAnswerOf(request)
    } catch (error) {
      if (!(error instanceof UnparsedAnswer)) throw error
      const read = await readAnswerOnWire({ ...request, url: error.url }, error.refusal, this.options)
      if (!read)
        throw new TransportFailure(
          'closed',
          { method: request.method, url: error.url, bodyBytes: byteLength(request.body) },
          error.refusal,
          this.options.timeoutMs,
        )
      return { ...read.response, written: read.written }
    }
  }

  /** Rate limiting concerns the whole client: a Retry-After pauses every request, and the 429s in a row are counted
   * across requests, so requests in flight together do not multiply the retries. */
  private async fetchedAnswerOf(request: OutgoingRequest): Promise<ExchangeResponse> {
    const { maxRetries, maxRetryDelayMs } = this.options
    for (let attempt = 0; ; attempt++) {
      if (this.halted) throw this.halted
      const pause = this.pausedUntil - Date.now()
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause))
      if (this.halted) throw this.halted
      const started = performance.now()
      const { response, redirects, unanswered } = await this.fetchFollowing(request)
      if (response.status !== 429) {
        this.rateLimitedInARow = 0
        const answer = await readResponse(response, unanswered, this.options, started)
        return redirects.length > 0 ? { ...answer, redirects } : answer
      }
      await response.body?.cancel().catch(() => {})
      this.rateLimitedInARow++
      const retryAfter = retryDelayMs(response.headers.get('retry-after'))
      if (retryAfter === undefined || retryAfter > maxRetryDelayMs || this.rateLimitedInARow > maxRetries) {
        const retries = Math.max(attempt, Math.min(maxRetries, this.rateLimitedInARow - 1))
        this.halted ??= new TargetError(
          `The target is rate limiting: ${request.method} ${request.url} still answered 429 after ${retries} retries.`,
        )
        throw this.halted
      }
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfter)
    }
  }

  /** Sends a request and, when it asks, the same request to where a redirect within the origin points. */
  private async fetchFollowing(
    request: OutgoingRequest,
  ): Promise<{ response: Response; redirects: Array<Redirect>; unanswered: UnansweredRequest }> {
    const origin = new URL(request.url).origin
    const redirects: Array<Redirect> = []
    let url = request.url
    for (;;) {
      const unanswered = { method: request.method, url, bodyBytes: byteLength(request.body) }
      const response = await this.fetchOnceOrAgain(request, unanswered)
      if (!request.followRedirects || redirects.length === maxRedirects) return { response, redirects, unanswered }
      const location = response.headers.get('location')
      const hop = redirectHop({ status: response.status, location, method: request.method, url, origin })
      if (!hop || 'stop' in hop) return { response, redirects, unanswered }
      await response.body?.cancel().catch(() => {})
      redirects.push({ status: response.status, from: url, location: hop.follow })
      url = hop.follow
    }
  }

  private async fetchOnceOrAgain(request: OutgoingRequest, unanswered: UnansweredRequest): Promise<Response> {
    try {
      return await this.fetchOnce(request, unanswered)
    } catch (error) {
      const again =
        error instanceof TransportFailure &&
        (error.kind === 'closed' || error.kind === 'refused') &&
        idempotentMethods.has(request.method)
      if (!again) throw error
      try {
        return await this.fetchOnce(request, unanswered)
      } catch (second) {
        throw second instanceof TransportFailure ? second.again() : second
      }
    }
  }

  private async fetchOnce(
    { method, headers, ...payload }: OutgoingRequest,
    unanswered: UnansweredRequest,
  ): Promise<Response> {
    const { timeoutMs } = this.options
    let response: Response
    try {
      response = await this.options.fetch(unanswered.url, {
        method,
        headers,
        ...requestBody(payload),
        redirect: 'manual',
        // One deadline for the whole answer: the same signal aborts a body that is still arriving.
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      // A certificate the client does not trust fails every request alike: the run stops, saying what to pass.
      const fault = tlsFault(error, unanswered.url)
      if (fault !== undefined) {
        this.halted ??= new ConfigurationFault(fault)
        throw this.halted
      }
      const refusal = refusedByParser(error)
      if (refusal !== undefined) throw new UnparsedAnswer(unanswered.url, refusal)
      const { kind, cause } = classifyFetchError(error)
      throw new TransportFailure(kind, unanswered, cause, timeoutMs)
    }
    this.largestAnsweredBodyBytes = Math.max(this.largestAnsweredBodyBytes, unanswered.bodyBytes)
    return response
  }
}

const originOf = (request: OutgoingRequest): string => new URL(request.url).origin

/** A request's method and URL without its query: what a handler of the service answers. */
function pathRoute(method: string, url: string): string {
  const { origin, pathname } = new URL(url)
  return `${method} ${origin}${pathname}`
}

/** The failure of a request to a route that stopped answering: not sent again, unanswered at once. */
function notSentAgain(request: OutgoingRequest, route: string, timeoutMs: number): TransportFailure {
  const unanswered = { method: request.method, url: request.url, bodyBytes: byteLength(request.body) }
  const failure = new TransportFailure('timeout', unanswered, 'not sent', timeoutMs)
  failure.message =
    `No answer to ${route}: requests to it waited out their ` +
    `${timeoutMs} ms deadline in a row while the service answered others, so this one was not sent.`
  return failure
}

const encoder = new TextEncoder()

/**
 * The body part of a fetch call, made afresh for each attempt (a stream is read once). A chunked body is a
 * stream of two chunks of unknown total length: fetch sends it with `Transfer-Encoding: chunked`.
 */
function requestBody({ body, bytes, chunked }: Pick<OutgoingRequest, 'body' | 'bytes' | 'chunked'>): RequestInit {
  const raw = bytes ?? (chunked && body !== undefined ? encoder.encode(body) : undefined)
  if (!chunked) return raw === undefined ? { body } : { body: raw as Uint8Array<ArrayBuffer> }
  if (raw === undefined) return {}
  const half = Math.ceil(raw.byteLength / 2)
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(raw.slice(0, half))
      if (half < raw.byteLength) controller.enqueue(raw.slice(half))
      controller.close()
    },
  })
  return { body: stream, duplex: 'half' } as RequestInit
}

const byteLength = (body: string | undefined): number => (body === undefined ? 0 : Buffer.byteLength(body))

function retryDelayMs(header: string | null): number | undefined {
  if (header === null) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}
