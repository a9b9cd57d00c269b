import { countFindings, type RunResult } from '../shared/run-result.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'

/** Test cases by outcome: the setup and each scenario are one test case each, as in the JUnit report. */
export interface OutcomeCounts {
  tests: number
  passed: number
  failed: number
  /** Test cases that could not judge the target (an `error` outcome). */
  errors: number
  skipped: number
}

/** Every number a report states about a run. */
export interface ReportCounts extends OutcomeCounts {
  /** Findings (check results), not test cases: one failing test case may hold several. */
  violations: number
  deviations: number
}

/**
 * Counts test cases by outcome.
 * @example outcomeCounts([result.setup, ...result.scenarios]).failed // 5
 */
export function outcomeCounts(cases: ReadonlyArray<Pick<ScenarioResult, 'outcome'>>): OutcomeCounts {
  const count = (outcome: ScenarioResult['outcome']): number => cases.filter((item) => item.outcome === outcome).length
  return {
    tests: cases.length,
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    skipped: count('skipped'),
  }
}

/**
 * The one source of every count the console, JSON, JUnit and HTML reports print: test cases by outcome
 * (the setup included) and findings by level, all read from the run's scenarios.
 * @example reportCounts(result) // { tests: 71, passed: 66, failed: 5, errors: 0, skipped: 0, violations: 9, … }
 */
export function reportCounts(result: Pick<RunResult, 'setup' | 'scenarios'>): ReportCounts {
  return {
    ...outcomeCounts([result.setup, ...result.scenarios]),
    ...countFindings(result.setup, result.scenarios),
  }
}

/**
 * The failing test cases in words, as every report heads its failures.
 * @example failingCases(reportCounts(result)) // '5 failed, 1 could not be judged'
 */
export function failingCases({ failed, errors }: Pick<OutcomeCounts, 'failed' | 'errors'>): string {
  return errors > 0 ? `${failed} failed, ${errors} could not be judged` : `${failed} failed`
}
