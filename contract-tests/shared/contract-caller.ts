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
  /** Writes the request itself over a connection of its own, in a form fetch cannot send (`WireCall`). */
  wire?: WireCall
}

/**
 * A request the suite writes on the wire itself (RFC 9112): where the target has no wire (the in-process mock) the
 * scenario that sends it is skipped, saying so. The exchange of each request written is recorded and counted as a
 * call's; `wireOutcomeOf(exchange)` gives what came back on the connection.
 */
export interface WireCall {
  /** How each field name is written, e.g. upper-cased; default as the client names them (lower case). */
  fieldName?: (name: string) => string
  /** `absolute`: the target URI as the request-target (RFC 9112 section 3.2.2); default the origin-form. */
  target?: 'origin' | 'absolute'
  /** Default `HTTP/1.1`. */
  version?: string
  /** `false` writes no Host field. */
  host?: boolean
  /** Writes `Connection: close`. */
  close?: boolean
  /** The framing fields and the bytes written for the body's bytes; default a Content-Length and the body. */
  framing?: (body: Uint8Array) => { fields: Array<[string, string]>; bytes: Uint8Array }
  /** Ends the write side after the requests: how a client cuts a body short. */
  halfClose?: boolean
  /** Writes each pipelined request only once the answer before it has come whole, on the same connection. */
  inTurn?: boolean
  /**
   * Requests written right after this one on the same connection (pipelined), each an operation's. Each must be
   * for the connection's origin: an operation whose API has a base address of another origin is never written on
   * it (`ContractCaller.baseUrlOf` says which share one).
   */
  pipelined?: ReadonlyArray<{ operationId: OperationId; options?: CallOptions }>
  /** How long to wait for the server's close once every request has its answer (ms); default 0. */
  closeWaitMs?: number
  /** Over TLS, reads the header of each record the server sends: the outcome's `tls`. */
  tlsRecords?: boolean
  /**
   * Rewrites the head as written (request-line, field lines, the empty line; after `form`), a form no option here
   * writes: a bare CR, a folded or white-space-preceded line, a method in lower case, a leading empty line. The key
   * stays where the rewrite puts it, and the report shows the bytes as written.
   */
  rewrite?: (head: string) => string
  /**
   * Writes the header section alone and holds the content until the server answers it (100 Continue or a final
   * status) or this many ms pass, as a client that sent `Expect: 100-continue` does; after a final status the
   * content is never written.
   */
  holdContentMs?: number
  /**
   * A bound on the whole exchange shorter than the run's per-request timeout (ms): a wait the check chooses, where
   * silence is an answer too.
   */
  timeoutMs?: number
  /**
   * Rewrites the request as it is about to be written (request-line, field lines in order, content already framed):
   * a form fetch cannot send (whitespace around a value, a field split over lines, a pause inside the header).
   */
  form?: (request: WrittenParts, url: URL) => WrittenParts
}

/** A request as `WireCall.form` sees and rewrites it: what goes on the wire, in order. */
export interface WrittenParts {
  method: string
  target: string
  version: string
  /** Field lines in order, each written `name: value` (a value may hold any octet as a Latin-1 character). */
  fields: Array<[string, string]>
  /** The content, framed (chunked, with any trailer section, or as the Content-Length field says). */
  content: Uint8Array
  /** Stops writing before the field line at `beforeField` for `ms`, then writes the rest. */
  pause?: { beforeField: number; ms: number }
}

/** One answer as read on the wire. */
export interface RawAnswer {
  /** The status line's HTTP-version, e.g. `HTTP/1.1`. */
  version: string
  /**
   * The head as it came: the status-line, the field lines and the empty line after them, one character a byte, for
   * a judge of its grammar (`answerHeadFaults`). The fields below are read from it leniently.
   */
  head: string
  status: number
  reason: string
  /** Field lines in order, names as sent, repeated ones kept. */
  fields: Array<[string, string]>
  /** The 1xx answers that came before it. */
  interim: Array<number>
  /** Those 1xx answers with their field lines (a 101's Upgrade). */
  interimHeads?: Array<InterimHead>
  /** How its content was delimited (RFC 9112 section 6.3). */
  framing: 'none' | 'content-length' | 'chunked' | 'close'
  /** The content, de-chunked. */
  content: Uint8Array
  /** Whether the content arrived whole by its framing. */
  complete: boolean
  /** The trailer section of a chunked answer, field lines in order. */
  trailers?: Array<[string, string]>
}

/** A 1xx answer as read on the wire: its status and field lines. */
export interface InterimHead {
  status: number
  fields: Array<[string, string]>
}

/** What came back on a connection the suite wrote requests on itself. */
/** What the TLS records of a connection showed, as far as a client that holds no keys can see them. */
export interface TlsRecordsSeen {
  /** The protocol the handshake agreed (`TLSv1.3`, `TLSv1.2`). */
  protocol: string
  /** How many records the server sent. */
  records: number
  /**
   * The start of the first bytes after the handshake that form no TLS record (HTTP written around TLS), as Latin-1
   * text; absent when every byte was a record.
   */
  foreign?: string
  /**
   * Whether the server's last record before it closed was a closure alert (close_notify): visible as an alert
   * record under TLS 1.2, as a record of an alert's length under TLS 1.3. Undefined while the connection is open.
   */
  closeNotify?: boolean
}

export interface RawOutcome {
  /** The answers, in the order they came. */
  answers: Array<RawAnswer>
  /** Whether the server closed the connection (or it failed) before the read ended. */
  closed: boolean
  timedOut: boolean
  /** Whether the read stopped at its byte cap. */
  capped: boolean
  /** The start of the bytes after the last whole answer that parse as none, as Latin-1 text. */
  rest: string
  restBytes: number
  durationMs: number
  /** The 1xx answers after the last final one, that no final answer followed (a 101 before another protocol). */
  pendingInterim?: Array<InterimHead>
  /** When the first byte came, in ms after the requests were written. */
  firstByteMs?: number
  /** The first byte came while the rest of a paused request (`pause`) was still unwritten. */
  answeredInPause?: true
  /**
   * For a request whose content was held (`holdContentMs`): written after a 1xx came (`continued`), never written
   * after a final status came (`refused`), or written when the wait ended with no answer (`waited`).
   */
  heldContent?: 'continued' | 'refused' | 'waited'
  /** Why the connection failed (`ECONNRESET`, `ECONNREFUSED`), when it did. */
  error?: string
  /** Over TLS, when asked (`tlsRecords`) and the handshake was made: what the server's records showed. */
  tls?: TlsRecordsSeen
}

/** A raw outcome with the exchange recorded for each request written, in order. */
export interface WireOutcome extends RawOutcome {
  exchanges: Array<Exchange>
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
   * The base address of the API an operation belongs to (`base` in `spec/operations.ts`: the pets API's or the
   * messages API's), as the run was given it: where a check that reaches for that operation takes its origin, its
   * path and its connection from. The two APIs may have two origins.
   */
  baseUrlOf(operationId: OperationId): string
  /**
   * The HEAD of a GET operation over a connection of its own, with every byte sent after its header section
   * counted; undefined where the target has no wire (the in-process mock) or no whole answer came.
   */
  headOnWire(operationId: OperationId, options?: CallOptions): Promise<HeadOnWire | undefined>
}
