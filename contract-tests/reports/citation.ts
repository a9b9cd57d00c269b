import { type CheckResult, levelOf } from '../shared/exchange.ts'

/**
 * One line naming a finding's level and what it rests on, for the console and the JUnit report.
 * @example citation(result)
 * // 'violation of the interface: "401 with an Error body when the key is missing or invalid."'
 */
export function citation(result: CheckResult): string {
  const level = levelOf(result) ?? 'passed'
  if (!result.basis) return level
  return result.basis.source === 'interface'
    ? `${level} of the interface: "${result.basis.text}"`
    : `${level} from the spec's choice (x-mock-behaviour): ${result.basis.text}`
}
