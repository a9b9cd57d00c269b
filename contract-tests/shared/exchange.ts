import type { OperationId } from '../../spec/types.ts'

export interface ExchangeRequest {
  method: string
  url: string
  /** Headers as sent; the API key is replaced by a placeholder before anything is reported. */
  headers: Record<string, string>
  body?: string
  /** The body's bytes where they are not the UTF-8 of `body` (which then shows them readably), one character a byte. */
  bodyLatin1?: string
  /** Set where `body` is an excerpt (a proxy keeps only the start of what the app sent): the whole body's bytes. */
  wholeBodyBytes?: number
  /** The body went as a stream of unknown length: `Transfer-Encoding: chunked`, no Content-Length. */
  chunked?: true
  /** Redirects within the origin were followed to the answer (`CallOptions.followRedirects`). */
  followRedirects?: true
  /** Written on a connection of its own by the suite (`CallOptions.wire`), not sent by fetch. */
  wire?: WrittenBytes
  /**
   * Where the reports keep the long pieces of its bytes that its reproduce line reads from files (`cat`) rather than
   * writes out: set by `placeBodyFiles` only where the line would be too long to read otherwise.
   */
  bodyFiles?: string
}

/** What the suite wrote itself on a connection, for a reproduce line that writes the same. */
export interface WrittenBytes {
  /** Every byte written on the connection (this request and those pipelined with it), one character a byte. */
  latin1: string
  /** The write side was ended after them (a half-close). */
  halfClose?: true
}

export interface ExchangeResponse {
  status: number
  headers: Record<string, string>
  /** The body as text: its first characters only (`storedBodyCharacters`) once the checks have read it whole. */
  bodyText: string
  /** Bytes of the body read (decoded): the whole body, or up to the read cap. */
  bodyBytes?: number
  /**
   * The body parsed as JSON, when it parsed: the whole of it, or where it holds arrays or objects of more members
   * or more characters of strings than the client keeps (a list of 75,000 pets), an excerpt `jsonCut` describes.
   */
  json?: unknown
  jsonParsed: boolean
  /** Set when `json` is an excerpt: arrays and objects cut to their first members, long strings to their start. */
  jsonCut?: JsonCut
  /** The body was longer than the cap and was not read whole. */
  truncated: boolean
  /** Why a body read whole was not parsed (nested deeper than the client parses), as a finding says it. */
  notParsed?: string
  /** The redirects followed to get this answer, first first (only where a check asked to follow them). */
  redirects?: Array<Redirect>
  durationMs: number
  /** The body began with a UTF-8 byte order mark, which `bodyText` leaves out (RFC 8259 section 8.1). */
  bom?: boolean
  /** Whether the body's bytes are valid UTF-8; when false, `bodyText` holds U+FFFD in their place. */
  utf8?: boolean
  /** Every `Set-Cookie` field of the answer, in order (`headers` keeps only the last). */
  setCookies?: ReadonlyArray<string>
  /** Set where fetch's HTTP parser refused the answer and it was read on a connection of the suite's own. */
  readOnWire?: AnswerReadOnWire
}

/**
 * An answer fetch's HTTP parser refused, read again on a connection of the suite's own (the request's bytes are the
 * exchange's `request.wire`): what the judge of its bytes needs (`wireAnswerFaults`).
 */
interface AnswerReadOnWire {
  /** What fetch's parser said, e.g. `HPE_UNEXPECTED_CONTENT_LENGTH: Content-Length can't be present with …`. */
  refusal: string
  /** The status-line and field lines as they came, one character a byte (its first 8 KiB). */
  head: string
  /** Field lines as read, names as sent. */
  fields: Array<[string, string]>
  /** How its content was delimited, and whether it arrived whole by that framing. */
  framing: 'none' | 'content-length' | 'chunked' | 'close'
  complete: boolean
  /** The server closed the connection right after it. */
  closedAfter: boolean
}

/** What an excerpt of a parsed body left out (`ExchangeResponse.jsonCut`). */
interface JsonCut {
  /** Members (items, or fields) of the body's outermost array or object, each counted; undefined for another value. */
  members: number | undefined
  /** How many of those the excerpt keeps. */
  kept: number | undefined
  /** Members left out in all, at every depth. */
  leftOut: number
  /** Members kept of each array and object (fields a schema of the spec names are kept besides). */
  keptEach: number
  /** Strings cut short: those past the characters of strings the client keeps whole. */
  stringsCut: number
}

/** One redirect an answer came through. */
export interface Redirect {
  status: number
  /** The URL that answered with the redirect. */
  from: string
  location: string
}

/**
 * What a result does to the run: `failed` fails it (exit 1), `warning` is reported and never fails it.
 * A violation is always `failed`; a deviation is a `warning`, or `failed` under `--strict`.
 */
type Outcome = 'passed' | 'failed' | 'warning'

/**
 * The two levels of finding (decision record 003):
 * - `violation`: the target breaks what the interface document states (a quoted sentence). Fails the run.
 * - `deviation`: the target differs from a choice our spec makes where the interface is silent (marked
 *   `x-mock-behaviour` in spec/openapi.yaml) while keeping every rule the interface does state: e.g. it
 *   answers `GET /pets?limit=0` with 200 and at most 100 pets where the spec answers 400. A warning with
 *   what was expected and why; `--strict` makes it a failure. A generated or stateful phase that finds
 *   an invalid input forgiven within the rules reports a deviation the same way.
 */
export type FindingLevel = 'violation' | 'deviation'

/** What a check or scenario rests on, shown beside each of its findings. */
export interface Basis {
  /**
   * `interface`: a sentence of the interface document; `spec`: a rule our spec states in its own words, of a
   * resource the interface does not describe (decision record 037); `x-mock-behaviour`: a choice of our spec where
   * the interface is silent.
   */
  source: 'interface' | 'spec' | 'x-mock-behaviour'
  /** The interface's sentence, quoted word for word, or the spec's choice and where it is written. */
  text: string
}

/** What one named check concluded about one exchange or one scenario step. */
export interface CheckResult {
  check: string
  outcome: Outcome
  /** Set on every finding (an outcome other than `passed`): a violation or a deviation. */
  level?: FindingLevel
  /** Set on every finding: the sentence or the spec choice it rests on. */
  basis?: Basis
  message: string
  expected?: string
  received?: string
  /** For a scenario's own finding: where the exchange it rests on stands in the scenario's `exchanges`. */
  exchangeIndex?: number
}

/**
 * A result as `--strict` judges it: a deviation fails the run like a violation (its outcome becomes
 * `failed`, its level stays `deviation`); anything else is unchanged.
 * @example underStrict({ check: 'x', outcome: 'warning', level: 'deviation', message: 'm' }).outcome // 'failed'
 */
export function underStrict(result: CheckResult): CheckResult {
  return result.outcome === 'warning' ? { ...result, outcome: 'failed', level: 'deviation' } : result
}

/**
 * The level of a result: its own, else `violation` for `failed` and `deviation` for `warning`.
 * @example levelOf({ check: 'x', outcome: 'warning', message: 'm' }) // 'deviation'
 */
export function levelOf(result: CheckResult): FindingLevel | undefined {
  if (result.outcome === 'passed') return undefined
  return result.level ?? (result.outcome === 'failed' ? 'violation' : 'deviation')
}

/** One request and what came back, with the result of every registry check applied to it. */
export interface Exchange {
  operationId: OperationId
  request: ExchangeRequest
  response?: ExchangeResponse
  /** Set when no HTTP answer came: refused, reset, timed out. */
  transportError?: string
  /** Set with `transportError` when the request waited out its whole deadline with no answer. */
  waitedOut?: true
  /** Statuses the scenario accepts beyond those the spec documents (e.g. any 4xx for a bad id). */
  alsoAccepted?: ReadonlyArray<number>
  /**
   * Why the request is none the interface describes, though it is sent as the operation's: a path parameter that
   * is not a value of its type (`/pets/abc`), or another form of the request target (a trailing slash). What the
   * interface states of an operation's answers does not bind the answer to it.
   */
  offInterface?: string
  results: Array<CheckResult>
}

/**
 * The status an exchange got, for messages: the HTTP status, or why no answer came.
 * @example statusOf(exchange) // '404'
 */
export function statusOf(exchange: Exchange): string {
  return exchange.response ? String(exchange.response.status) : (exchange.transportError ?? 'no answer')
}
