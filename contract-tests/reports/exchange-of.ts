import type { CheckResult, Exchange } from '../shared/exchange.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'

/**
 * The exchange a failure or warning is about: the one a registry check judged; for a scenario's own
 * assertion, the one it rests on (`exchangeIndex`, which runScenario records), else the one its message names
 * (runScenario appends ` (GET http://…)`), or else the scenario's only exchange. Undefined when it cannot be
 * told: a report then shows no curl line rather than a wrong one.
 * @example exchangeOf(failuresOf(scenario)[0], scenario)?.request.url
 */
export function exchangeOf(
  item: { result: CheckResult; exchange?: Exchange },
  scenario: Pick<ScenarioResult, 'exchanges'>,
): Exchange | undefined {
  if (item.exchange) return item.exchange
  const { message, received, exchangeIndex } = item.result
  const restsOn = exchangeIndex === undefined ? undefined : scenario.exchanges[exchangeIndex]
  if (restsOn) return restsOn
  const named = scenario.exchanges.filter(({ request }) => message.endsWith(` (${request.method} ${request.url})`))
  if (named.length > 0) {
    // The same request sent several times (three pets created): the body the assertion quotes tells
    // which answer it judged; failing that, the last, as a scenario asserts on what it just received.
    return (
      named.find(({ response }) => received !== undefined && response?.bodyText.trim() === received.trim()) ??
      named.at(-1)
    )
  }
  return scenario.exchanges.length === 1 ? scenario.exchanges[0] : undefined
}
