import type { RunResult } from '../shared/run-result.ts'

/**
 * One sentence naming the exploring checks a time budget cut short, for the console and the JUnit report; undefined
 * when none was. A CONFORMANT verdict with this note explored less than asked.
 * @example budgetNote(result) // 'The time budget (20 s a check) cut exploring short in 2 checks: ...'
 */
export function budgetNote(result: RunResult): string | undefined {
  const cut = [...new Set(result.scenarios.filter((scenario) => scenario.budgetReached).map(({ check }) => check))]
  if (cut.length === 0) return undefined
  const budget = result.explore ? ` (${result.explore.timeBudgetMs / 1000} s a check)` : ''
  return (
    `The time budget${budget} cut exploring short in ${cut.length} check${cut.length === 1 ? '' : 's'}: ` +
    `${cut.join(', ')}. They judged fewer examples than asked; raise --time-budget-s or --concurrency to explore more.`
  )
}
