import { levelOf } from './exchange.ts'
import type { ScenarioResult } from './scenario-result.ts'

export interface TargetInfo {
  name: string
  baseUrl: string
  messagesBaseUrl: string
  readOnly: boolean
}

/** Everything a run found: what the reports are written from. */
export interface RunResult {
  target: TargetInfo
  startedAt: string
  durationMs: number
  setup: ScenarioResult
  scenarios: Array<ScenarioResult>
  /** Requests with a method other than GET or HEAD that reached the target. */
  unsafeRequestsSent: number
  /** Requests the read-only transport refused to send. */
  refusedRequests: number
  /** `--strict`: deviations failed the run like violations. */
  strict: boolean
  /** Every finding of the run by level: violations break the interface, deviations differ from the spec's choices. */
  findings: FindingCounts
  /** 0 conformant, 1 contract violation (or, under `--strict`, a deviation), 2 the target could not be judged. */
  exitCode: 0 | 1 | 2
  /** Why the run could not judge the target, when exitCode is 2. */
  targetError?: string
}

export interface FindingCounts {
  violations: number
  deviations: number
}

/**
 * Counts the findings of a run by level: the scenarios' own and the registry checks' on every response.
 * @example countFindings(setup, scenarios) // { violations: 0, deviations: 3 }
 */
export function countFindings(setup: ScenarioResult, scenarios: ReadonlyArray<ScenarioResult>): FindingCounts {
  const counts: FindingCounts = { violations: 0, deviations: 0 }
  for (const scenario of [setup, ...scenarios]) {
    for (const result of [...scenario.assertions, ...scenario.exchanges.flatMap((exchange) => exchange.results)]) {
      const level = levelOf(result)
      if (level === 'violation') counts.violations++
      if (level === 'deviation') counts.deviations++
    }
  }
  return counts
}

/** The exit code a set of results calls for: a target error outranks a violation. */
export function exitCodeOf(
  setup: ScenarioResult,
  scenarios: ReadonlyArray<ScenarioResult>,
): { exitCode: 0 | 1 | 2; targetError?: string } {
  const all = [setup, ...scenarios]
  const error = all.find((result) => result.outcome === 'error')
  if (error) return { exitCode: 2, targetError: error.reason }
  return { exitCode: all.some((result) => result.outcome === 'failed') ? 1 : 0 }
}
