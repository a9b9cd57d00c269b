import { underStrict } from '../shared/exchange.ts'
import { failuresOf, type ScenarioResult } from '../shared/scenario-result.ts'

/**
 * A scenario's result as `--strict` judges it: every deviation, its own or a registry check's on one of
 * its responses, fails like a violation, and a scenario that passed with a deviation has failed. The one
 * place `--strict` changes results.
 * @example judgedStrictly(result).outcome // 'failed' when it held a deviation
 */
export function judgedStrictly(result: ScenarioResult): ScenarioResult {
  for (const exchange of result.exchanges) exchange.results = exchange.results.map(underStrict)
  const strict = { ...result, assertions: result.assertions.map(underStrict) }
  const passedOrSkipped = strict.outcome === 'passed' || strict.outcome === 'skipped'
  return passedOrSkipped && failuresOf(strict).length > 0 ? { ...strict, outcome: 'failed' } : strict
}
