import type { OperationId } from '../../spec/types.ts'
import type { Exchange } from './exchange.ts'
import type { HeadOnWire } from './head-on-wire.ts'

export interface CallOptions {
  /** Path parameters, inserted as given (already encoded). */
  params?: Record<string, string | number | bigint>
  /** Raw query string without `?`, so malformed queries can be sent. */
  query?: string
  json?: unknown
  /** A raw body, for bodies that are not JSON. */
  body?: string
  /** A raw body as bytes, for bodies that are not UTF-8 text (`body` holds how the report shows them). */
  bodyBytes?: Uint8Array
  /** Sends the body with `Transfer-Encoding: chunked` (a stream of unknown length), not `Content-Length`. */
  chunked?: boolean
  contentType?: string
  /** The Authorization header, or a function of the key that gives it; `null` sends none; default `Bearer <key>`. */
  authorization?: string | null | ((apiKey: string) => string | null)
  /** The Accept header; `null` sends none; default `application/json`. */
  accept?: string | null
  /** Another form of the request target than the spec's (a trailing slash, other case): the URL as sent. */
  rewriteUrl?: (url: string) => string
  /** More request headers. */
  headers?: Record<string, string>
  /** More query parameters and headers made from the key (a key sent where it does not belong). */
  withKey?: (apiKey: string) => { query?: string; headers?: Record<string, string> }
  /** `false` for a probe: the exchange is returned but not kept among the run's exchanges. */
  record?: boolean
  /** Where the exchange is kept, before it is sent (one that got no answer is kept too); default the client's list. */
  sink?: Array<Exchange>
  /** HTTP method when not the operation's own (HEAD). */
  method?: string
  /** Statuses accepted beyond those the spec documents. */
  alsoAccepted?: ReadonlyArray<number>
  /**
   * Follow redirects within the origin (never with a body again after 301, 302 or 303): only for a request form
   * the interface does not describe (a trailing slash), where a redirect is the server's way to answer it.
   * A documented request never follows one: a 3xx is a status the interface does not list.
   */
  followRedirects?: boolean
}

/**
 * What a scenario (or a generated phase) may do with the target: send a request for an operation of the
 * spec and get the exchange back, every registry check already applied. `ContractClient` implements it.
 * @example const exchange = await caller.call('listPets', { query: 'limit=5' })
 */
export interface ContractCaller {
  /** Whether the run refuses every method but GET and HEAD. */
  readonly readOnly: boolean
  call(operationId: OperationId, options?: CallOptions): Promise<Exchange>
  /** Keeps a probe's exchange (sent with `record: false`) among the run's exchanges: the one a finding rests on. */
  keep(exchange: Exchange): void
  /**
   * The HEAD of a GET operation over a connection of its own, with every byte sent after its header section
   * counted; undefined where the target has no wire (the in-process mock) or no whole answer came.
   */
  headOnWire(operationId: OperationId, options?: CallOptions): Promise<HeadOnWire | undefined>
}
