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
  /** 0 conformant, 1 contract violation, 2 the target could not be judged. */
  exitCode: 0 | 1 | 2
  /** Why the run could not judge the target, when exitCode is 2. */
  targetError?: string
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
