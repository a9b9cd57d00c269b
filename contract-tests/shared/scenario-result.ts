import type { OperationId } from '../../spec/types.ts'
import type { Basis, CheckResult, Exchange } from './exchange.ts'

export type ScenarioOutcome = 'passed' | 'failed' | 'skipped' | 'error'

export interface ScenarioResult {
  check: string
  title: string
  operationId: OperationId
  writes: boolean
  outcome: ScenarioOutcome
  /** Why it was skipped, or what went wrong with the target. */
  reason?: string
  /** The scenario's own assertions and observations. */
  assertions: Array<CheckResult>
  /** What the scenario's promise rests on (its findings carry their own basis). */
  basis?: Basis
  exchanges: Array<Exchange>
  /** Requests that got no whole answer (reset, closed, timed out): set aside where the scenario judged without them. */
  unanswered?: Array<UnansweredRequest>
  durationMs: number
  /** An exploring check the time budget cut short: it judged fewer examples than asked. */
  budgetReached?: boolean
  /** 2 when the first attempt lost a request to the transport before it found anything, and it ran once more. */
  attempts?: number
}

/** A request that got no whole answer, as the transport reported it. */
export interface UnansweredRequest {
  operationId: OperationId
  method: string
  url: string
  /** Bytes of the request body (0 without one). */
  bodyBytes: number
  /** `closed` before any answer, `refused`, `timeout`, or `incomplete` (an answer began, its body failed). */
  kind: 'refused' | 'closed' | 'timeout' | 'incomplete'
  reason: string
}

/** Every failed result of a scenario: its own assertions and the registry checks on its exchanges. */
export function failuresOf(
  result: Pick<ScenarioResult, 'assertions' | 'exchanges'>,
): Array<{ result: CheckResult; exchange?: Exchange }> {
  return [
    ...result.assertions.filter((r) => r.outcome === 'failed').map((r) => ({ result: r })),
    ...result.exchanges.flatMap((exchange) =>
      exchange.results.filter((r) => r.outcome === 'failed').map((r) => ({ result: r, exchange })),
    ),
  ]
}

/** Every warning of a scenario. */
export function warningsOf(
  result: Pick<ScenarioResult, 'assertions' | 'exchanges'>,
): Array<{ result: CheckResult; exchange?: Exchange }> {
  return [
    ...result.assertions.filter((r) => r.outcome === 'warning').map((r) => ({ result: r })),
    ...result.exchanges.flatMap((exchange) =>
      exchange.results.filter((r) => r.outcome === 'warning').map((r) => ({ result: r, exchange })),
    ),
  ]
}
