import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type OperationSpec, operations } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { applyResponseChecks } from '../checks/apply-response-checks.ts'
import type { CallOptions, ContractCaller } from '../shared/contract-caller.ts'
import type { CoverageHit } from '../shared/coverage.ts'
import { detachedSlice } from '../shared/detached-text.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import type { HeadOnWire } from '../shared/head-on-wire.ts'
import { bodyDropped } from './collect-garbage.ts'
import { type FetchLike, HttpTransport } from './http-transport.ts'
import { operationRoute } from './operation-route.ts'
import { sendOnWire } from './raw-exchange-call.ts'
import { readHeadOnWire } from './read-head-on-wire.ts'
import { sentForm } from './sent-form.ts'
import { ReadOnlyRefusal, type TargetError } from './target-error.ts'
import { TransportFailure } from './transport-failure.ts'

export type { FetchLike } from './http-transport.ts'

export interface ClientOptions {
  baseUrl: string
  messagesBaseUrl: string
  apiKey: string
  fetch?: FetchLike
  /** Deadline of each request, headers and body together. Default 10 s. */
  timeoutMs?: number
  /** Refuse every method but GET and HEAD. */
  readOnly?: boolean
  /** Largest body read from a response, in decoded bytes. Default 5 MB. */
  maxBodyBytes?: number
  /** Deepest nesting of arrays and objects parsed in a response body. Default 128. */
  maxJsonDepth?: number
  /** How many times a 429 with Retry-After is retried. Default 3. */
  maxRetries?: number
  /** Longest Retry-After honoured, in ms. Default 5 s. */
  maxRetryDelayMs?: number
  /** Requests in flight at once, whoever sends them. Default 8. */
  concurrency?: number
}

/**
 * How much of a response body an exchange keeps once the checks have read it whole: enough to show what came
 * back, while a run that meets hundreds of 5 MB answers keeps (and reports) kilobytes of each.
 */
export const storedBodyCharacters = 16_384

const safeMethods = new Set(['GET', 'HEAD'])

/**
 * Sends requests for operations of the spec and applies every registry check to every response, so no scenario
 * can forget one. Refuses unsafe methods in a read-only run; the transport (`HttpTransport`) bounds each answer in
 * time and memory, and a request that gets no whole answer throws a `TransportFailure` for that request alone.
 * @example const exchange = await client.call('listPets', { query: 'limit=5' })
 */
export class ContractClient implements ContractCaller {
  readonly exchanges: Array<Exchange> = []
  /** Every answered request, probes included, as coverage counts it. */
  readonly coverageHits: Array<CoverageHit> = []
  unsafeRequestsSent = 0
  refusedRequests = 0
  private readonly transport: HttpTransport
  private readonly options: Required<Pick<ClientOptions, 'baseUrl' | 'messagesBaseUrl' | 'apiKey' | 'readOnly'>>

  /** Whether requests go out over the network (no fetch of the caller's), so a connection of its own can be opened. */
  private readonly network: boolean
  private readonly timeoutMs: number
  private readonly maxJsonDepth: number

  constructor({ fetch = globalThis.fetch, ...options }: ClientOptions) {
    this.options = { readOnly: false, ...options }
    this.network = fetch === globalThis.fetch
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.maxJsonDepth = options.maxJsonDepth ?? 128
    this.transport = new HttpTransport({
      fetch,
      timeoutMs: this.timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? 5_000_000,
      maxJsonDepth: this.maxJsonDepth,
      maxRetries: options.maxRetries ?? 3,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 5_000,
      concurrency: options.concurrency ?? 8,
      routeOf: operationRoute({ pets: options.baseUrl, messages: options.messagesBaseUrl }),
    })
  }

  get readOnly(): boolean {
    return this.options.readOnly
  }

  /** Why the target can no longer be judged (nothing answers any more, or it keeps rate limiting), once it cannot. */
  get halted(): TargetError | undefined {
    return this.transport.halted
  }

  /** The largest request body the target answered, in bytes, whatever the status. */
  get largestAnsweredBodyBytes(): number {
    return this.transport.largestAnsweredBodyBytes
  }

  keep(exchange: Exchange): void {
    if (!this.exchanges.includes(exchange)) this.exchanges.push(exchange)
  }

  baseUrlOf(operationId: OperationId): string {
    return operations[operationId].base === 'messages' ? this.options.messagesBaseUrl : this.options.baseUrl
  }

  /**
   * The HEAD of a GET operation sent over a connection of its own, every byte the server sends after the answer's
   * header section counted (`readHeadOnWire`); undefined when the target is reached through a fetch of the
   * caller's (the in-process mock: there is no wire) or no whole header section came.
   */
  async headOnWire(operationId: OperationId, options: CallOptions = {}): Promise<HeadOnWire | undefined> {
    if (!this.network) return undefined
    const { url, headers } = this.requestOf(operationId, { ...options, method: 'HEAD' })
    return readHeadOnWire(url, headers, this.timeoutMs)
  }

  async call(operationId: OperationId, options: CallOptions = {}): Promise<Exchange> {
    if (options.wire) return sendOnWire(this.wireHost(), operationId, options)
    const contract = operations[operationId]
    const { method, url, headers, body, query } = this.requestOf(operationId, options)
    const offInterface = offInterfaceReason(contract, options)
    const exchange: Exchange = {
      operationId,
      request: { method, url, headers, body, ...sentForm(options, body) },
      alsoAccepted: options.alsoAccepted,
      ...(offInterface && { offInterface }),
      results: [],
    }
    if (this.options.readOnly && !safeMethods.has(method)) {
      this.refusedRequests++
      throw new ReadOnlyRefusal(method, url)
    }
    if (!safeMethods.has(method)) this.unsafeRequestsSent++
    if (options.record !== false) (options.sink ?? this.exchanges).push(exchange)
    try {
      const { written, ...response } = await this.transport.send({
        method,
        url,
        headers,
        body,
        bytes: options.bodyBytes,
        chunked: options.chunked,
        followRedirects: options.followRedirects,
      })
      exchange.response = response
      // An answer fetch could not parse was read on the wire: its reproduce line writes the same bytes.
      if (written) exchange.request.wire = written
    } catch (error) {
      // Kept with the exchange, which the scenario holds: a report shows the request that got no answer.
      if (error instanceof Error) exchange.transportError = error.message
      if (error instanceof TransportFailure) error.operationId ??= operationId
      if (error instanceof TransportFailure && error.kind === 'timeout') exchange.waitedOut = true
      throw error
    }
    this.coverageHits.push({
      operationId,
      status: exchange.response.status,
      parameters: [...Object.keys(options.params ?? {}), ...[...new URLSearchParams(query).keys()]],
    })
    applyResponseChecks(exchange as Exchange & { response: ExchangeResponse }, contract)
    // The checks have read the whole body; what stays with the exchange (and goes into reports) is its start.
    const { bodyText } = exchange.response
    if (bodyText.length > storedBodyCharacters)
      exchange.response.bodyText = detachedSlice(bodyText, 0, storedBodyCharacters)
    bodyDropped(bodyText.length)
    return exchange
  }
  /** What `sendOnWire` needs of the client: how a call's request is built, and where it is recorded and counted. */
  private wireHost() {
    const count = (unsafe: boolean, refused: boolean) => {
      if (unsafe) this.unsafeRequestsSent++
      if (refused) this.refusedRequests++
    }
    const { network, timeoutMs, maxJsonDepth, readOnly, exchanges, coverageHits } = this
    const requestOf = (operationId: OperationId, options: CallOptions) => this.requestOf(operationId, options)
    const notSent = (method: string, url: string) => this.transport.notSent(method, url)
    return { network, timeoutMs, maxJsonDepth, readOnly, exchanges, coverageHits, count, requestOf, notSent }
  }
  /** The method, URL, headers and body a call sends. */
  private requestOf(operationId: OperationId, options: CallOptions) {
    const contract = operations[operationId]
    const method = options.method ?? contract.method
    const base = this.baseUrlOf(operationId)
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

    return { method, url, headers, body, query }
  }
}

/** Why a request sent as an operation's is none the interface describes (see `Exchange.offInterface`), if it is not. */
function offInterfaceReason(contract: OperationSpec, options: CallOptions): string | undefined {
  if (options.rewriteUrl) return 'another form of the request target'
  const invalid = Object.entries(options.params ?? {}).find(([name, value]) => {
    const decoded = decodedOrUndefined(String(value))
    return decoded === undefined || !contract.pathValueValid(name, decoded)
  })
  return invalid && `the path parameter ${invalid[0]} is not a value of its type`
}

/** A percent-encoded text decoded, or undefined where its escapes are broken. */
function decodedOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}
