import type { ExploreOptions } from '../shared/explore-options.ts'
import type { RunResult, TargetInfo } from '../shared/run-result.ts'

interface UnjudgedRunOptions {
  target: TargetInfo
  /** Why nothing could be judged, in one line (redacted by the caller with the rest of the result). */
  reason: string
  startedAt: string
  durationMs: number
  strict: boolean
  explore?: ExploreOptions
}

/**
 * The result of a run that stopped before judging anything (nothing answered at the base URL, the suite
 * could not start): one test case, the setup, that could not be judged and says why. Its reports are
 * what a CI job publishes when it fails that way.
 * @example await writeReports(redact(unjudgedRun({ target, reason, startedAt, durationMs: 12, strict }), [key]), dir)
 */
export function unjudgedRun({ target, reason, startedAt, durationMs, strict, explore }: UnjudgedRunOptions): RunResult {
  return {
    target,
    startedAt,
    durationMs,
    setup: {
      check: 'suite_setup',
      title: 'suite setup: reach the target',
      operationId: 'listPets',
      writes: false,
      outcome: 'error',
      reason,
      assertions: [],
      exchanges: [],
      durationMs,
    },
    scenarios: [],
    unsafeRequestsSent: 0,
    refusedRequests: 0,
    explore,
    strict,
    findings: { violations: 0, deviations: 0 },
    exitCode: 2,
    targetError: reason,
  }
}
