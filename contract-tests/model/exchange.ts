import type { OperationId } from '../../spec/types.ts'

export interface ExchangeRequest {
  method: string
  url: string
  /** Headers as sent; the API key is replaced by a placeholder before anything is reported. */
  headers: Record<string, string>
  body?: string
}

export interface ExchangeResponse {
  status: number
  headers: Record<string, string>
  /** The body as text, cut at the client's cap. */
  bodyText: string
  /** The body parsed as JSON, when it parsed. */
  json?: unknown
  jsonParsed: boolean
  /** The body was longer than the cap and was not read whole. */
  truncated: boolean
  durationMs: number
}

export type Outcome = 'passed' | 'failed' | 'warning'

/** What one named check concluded about one exchange or one scenario step. */
export interface CheckResult {
  check: string
  outcome: Outcome
  message: string
  expected?: string
  received?: string
}

/** One request and what came back, with the result of every registry check applied to it. */
export interface Exchange {
  operationId: OperationId
  request: ExchangeRequest
  response?: ExchangeResponse
  /** Set when no HTTP answer came: refused, reset, timed out. */
  transportError?: string
  /** Statuses the scenario accepts beyond those the spec documents (e.g. any 4xx for a bad id). */
  alsoAccepted?: ReadonlyArray<number>
  results: Array<CheckResult>
}

/**
 * The status an exchange got, for messages: the HTTP status, or why no answer came.
 * @example statusOf(exchange) // '404'
 */
export function statusOf(exchange: Exchange): string {
  return exchange.response ? String(exchange.response.status) : (exchange.transportError ?? 'no answer')
}
