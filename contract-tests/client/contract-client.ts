import pLimit, { type LimitFunction } from 'p-limit'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { responseChecks } from '../checks/registry.ts'
import type { CallOptions, ContractCaller } from '../model/contract-caller.ts'
import type { CoverageHit } from '../model/coverage.ts'
import type { Exchange, ExchangeResponse } from '../model/exchange.ts'
import { type CappedText, readCappedText } from './read-capped-text.ts'
import { ReadOnlyRefusal, TargetError } from './target-error.ts'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface ClientOptions {
  baseUrl: string
  messagesBaseUrl: string
  apiKey: string
  fetch?: FetchLike
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number
  /** Refuse every method but GET and HEAD. */
  readOnly?: boolean
  /** Largest body read from a response. Default 5 MB. */
  maxBodyBytes?: number
  /** How many times a 429 with Retry-After is retried. Default 3. */
  maxRetries?: number
  /** Longest Retry-After honoured, in ms. Default 5 s. */
  maxRetryDelayMs?: number
  /** Requests in flight at once, whoever sends them. Default 8. */
  concurrency?: number
}

const safeMethods = new Set(['GET', 'HEAD'])

/**
 * Sends requests for operations of the spec and applies every registry check to every response,
 * so no scenario can forget one. Handles timeouts, read-only refusal, 429 retries and redirects.
 * @example const exchange = await client.call('listPets', { query: 'limit=5' })
 */
export class ContractClient implements ContractCaller {
  readonly exchanges: Array<Exchange> = []
  /** Every answered request, probes included, as coverage counts it. */
  readonly coverageHits: Array<CoverageHit> = []
  unsafeRequestsSent = 0
  refusedRequests = 0
  private readonly fetch: FetchLike
  private readonly options: Required<Omit<ClientOptions, 'fetch'>>
  private readonly limit: LimitFunction
  private pausedUntil = 0
  private rateLimitedInARow = 0
  private rateLimited?: TargetError

  constructor({ fetch: fetchImpl = globalThis.fetch, ...options }: ClientOptions) {
    this.fetch = fetchImpl
    this.options = {
      timeoutMs: 10_000,
      readOnly: false,
      maxBodyBytes: 5_000_000,
      maxRetries: 3,
      maxRetryDelayMs: 5_000,
      ...options,
      concurrency: options.concurrency ?? 8,
    }
    this.limit = pLimit(this.options.concurrency)
  }

  get readOnly(): boolean {
    return this.options.readOnly
  }

  keep(exchange: Exchange): void {
    if (!this.exchanges.includes(exchange)) this.exchanges.push(exchange)
  }

  async call(operationId: OperationId, options: CallOptions = {}): Promise<Exchange> {
    const contract = operations[operationId]
    const method = options.method ?? contract.method
    const base = contract.base === 'messages' ? this.options.messagesBaseUrl : this.options.baseUrl
    const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => String(options.params?.[name] ?? ''))
    const keyed = options.withKey?.(this.options.apiKey) ?? {}
    const query = [options.query, keyed.query].filter(Boolean).join('&')
    const built = `${base.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`
    const url = options.rewriteUrl ? options.rewriteUrl(built) : built
    const accept = options.accept === undefined ? 'application/json' : options.accept
    const headers: Record<string, string> = {
      ...(accept !== null && { accept }),
      ...options.headers,
      ...keyed.headers,
    }
    const authorization =
      options.authorization === undefined
        ? `Bearer ${this.options.apiKey}`
        : typeof options.authorization === 'function'
          ? options.authorization(this.options.apiKey)
          : options.authorization
    if (authorization !== null) headers.authorization = authorization
    let body = options.body
    if (options.json !== undefined) body = stringifyJson(options.json)
    if (body === undefined && options.bodyBytes) body = new TextDecoder().decode(options.bodyBytes)
    if (body !== undefined || options.contentType) headers['content-type'] = options.contentType ?? 'application/json'
    const payload: Payload = { text: body, bytes: options.bodyBytes, chunked: options.chunked === true }

    const exchange: Exchange = {
      operationId,
      request: { method, url, headers, body },
      alsoAccepted: options.alsoAccepted,
      results: [],
    }
    if (this.options.readOnly && !safeMethods.has(method)) {
      this.refusedRequests++
      throw new ReadOnlyRefusal(method, url)
    }
    if (!safeMethods.has(method)) this.unsafeRequestsSent++
    if (options.record !== false) (options.sink ?? this.exchanges).push(exchange)
    exchange.response = await this.limit(() => this.send(method, url, headers, payload))
    this.coverageHits.push({
      operationId,
      status: exchange.response.status,
      parameters: [...Object.keys(options.params ?? {}), ...[...new URLSearchParams(query).keys()]],
    })
    for (const check of responseChecks) {
      const verdict = check.run(exchange as Exchange & { response: ExchangeResponse }, contract)
      if (!verdict) continue
      const finding = verdict.outcome !== 'passed' && {
        level: verdict.outcome === 'failed' ? ('violation' as const) : ('deviation' as const),
        basis: check.basis,
      }
      exchange.results.push({ check: check.name, ...verdict, ...finding })
    }
    return exchange
  }

  private async send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Payload,
  ): Promise<ExchangeResponse> {
    const { maxRetries, maxRetryDelayMs } = this.options
    // Rate limiting concerns the whole client: a Retry-After pauses every request, and the 429s in a row
    // are counted across requests, so requests in flight together do not multiply the retries.
    for (let attempt = 0; ; attempt++) {
      if (this.rateLimited) throw this.rateLimited
      const pause = this.pausedUntil - Date.now()
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause))
      if (this.rateLimited) throw this.rateLimited
      const started = performance.now()
      const response = await this.fetchSameOrigin(method, url, headers, body)
      if (response.status !== 429) {
        this.rateLimitedInARow = 0
        return this.toExchangeResponse(response, started)
      }
      await response.body?.cancel().catch(() => {})
      this.rateLimitedInARow++
      const retryAfter = retryDelayMs(response.headers.get('retry-after'))
      if (retryAfter === undefined || retryAfter > maxRetryDelayMs || this.rateLimitedInARow > maxRetries) {
        const retries = Math.max(attempt, Math.min(maxRetries, this.rateLimitedInARow - 1))
        this.rateLimited ??= new TargetError(
          `The target is rate limiting: ${method} ${url} still answered 429 after ${retries} retries.`,
        )
        throw this.rateLimited
      }
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfter)
    }
  }

  /** Follows redirects within the same origin only: the key is never sent to another origin. */
  private async fetchSameOrigin(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Payload,
  ): Promise<Response> {
    let current = url
    for (let hop = 0; hop <= 5; hop++) {
      const response = await this.fetchOnce(method, current, headers, body)
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) return response
      const next = new URL(location, current)
      if (next.origin !== new URL(url).origin || hop === 5) return response
      await response.body?.cancel().catch(() => {})
      current = next.href
    }
    throw new TargetError(`Too many redirects from ${url}.`)
  }

  private async fetchOnce(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Payload,
  ): Promise<Response> {
    try {
      return await this.fetch(url, {
        method,
        headers,
        ...requestBody(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })
    } catch (error) {
      throw new TargetError(describeFetchError(error, method, url, this.options.timeoutMs))
    }
  }

  private async toExchangeResponse(response: Response, started: number): Promise<ExchangeResponse> {
    let read: CappedText
    try {
      read = await readCappedText(response, this.options.maxBodyBytes)
    } catch (error) {
      throw new TargetError(`The connection failed while reading the response: ${describeCause(error)}.`)
    }
    let json: unknown
    let jsonParsed = false
    if (!read.truncated && read.text !== '') {
      try {
        // Lossless: an int64 beyond 2^53 is read to the digit, never rounded.
        json = parseJson(read.text)
        jsonParsed = true
      } catch {
        // Not JSON: the checks report it.
      }
    }
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      bodyText: read.text,
      json,
      jsonParsed,
      truncated: read.truncated,
      durationMs: Math.round(performance.now() - started),
      bom: read.bom,
      utf8: read.utf8,
      setCookies: response.headers.getSetCookie(),
    }
  }
}

const encoder = new TextEncoder()

/** A request body as sent: text (or bytes that are not UTF-8), and whether it goes as a chunked stream. */
interface Payload {
  text?: string
  bytes?: Uint8Array
  chunked: boolean
}

/**
 * The body part of a fetch call, made afresh for each attempt (a stream is read once). A chunked body is a
 * stream of two chunks of unknown total length: fetch sends it with `Transfer-Encoding: chunked`.
 */
function requestBody({ text, bytes, chunked }: Payload): RequestInit {
  const raw = bytes ?? (chunked && text !== undefined ? encoder.encode(text) : undefined)
  if (!chunked) return raw === undefined ? { body: text } : { body: raw as Uint8Array<ArrayBuffer> }
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
function retryDelayMs(header: string | null): number | undefined {
  if (header === null) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

function describeFetchError(error: unknown, method: string, url: string, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `No answer to ${method} ${url} within ${timeoutMs} ms.`
  }
  return `Failed to reach the target (${method} ${url}): ${describeCause(error)}.`
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}
