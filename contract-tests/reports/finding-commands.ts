import { type FindingLevel, levelOf } from '../shared/exchange.ts'
import type { RunResult } from '../shared/run-result.ts'
import { failuresOf, warningsOf } from '../shared/scenario-result.ts'
import { curlCommand } from './curl-command.ts'
import { exchangeOf } from './exchange-of.ts'

/** A finding of a run with the command that sends the request it rests on again. */
interface FindingCommand {
  /** The title of the test case it was found in. */
  test: string
  check: string
  level?: FindingLevel
  message: string
  command: string
}

/**
 * Every finding of a (redacted) run that rests on one request, with the command that sends it again (`curlCommand`),
 * once per finding and request: what the JSON report lists under `reproduce`.
 * @example findingCommands(result)[0]?.command // "curl -sS -i 'http://127.0.0.1:4010/v1/pets?limit=0' …"
 */
export function findingCommands(result: RunResult): Array<FindingCommand> {
  const listed = new Map<string, FindingCommand>()
  for (const scenario of [result.setup, ...result.scenarios]) {
    for (const item of [...failuresOf(scenario), ...warningsOf(scenario)]) {
      const exchange = exchangeOf(item, scenario)
      if (!exchange) continue
      const { check, message } = item.result
      const command = curlCommand(exchange.request)
      const found = { test: scenario.title, check, level: levelOf(item.result), message, command }
      listed.set(`${check}\n${message}\n${command}`, found)
    }
  }
  return [...listed.values()]
}
