import { type CheckResult, levelOf } from '../shared/exchange.ts'

/**
 * One line naming a finding's level and what it rests on, for the console and the JUnit report.
 * @example citation(result)
 * // 'violation of the interface: "401 with an Error body when the key is missing or invalid."'
 * // or, for a resource the interface does not describe, 'violation of the spec (…): spec/openapi.yaml …'
 */
export function citation(result: CheckResult): string {
  const level = levelOf(result) ?? 'passed'
  if (!result.basis) return level
  if (result.basis.source === 'interface') return `${level} of the interface: "${result.basis.text}"`
  if (result.basis.source === 'spec')
    return `${level} of the spec (a rule it states in its own words): ${result.basis.text}`
  return `${level} from the spec's choice (x-mock-behaviour): ${result.basis.text}`
}
