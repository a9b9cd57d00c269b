import { findingKey, type RunResult } from '../shared/run-result.ts'
import { failuresOf, type ScenarioResult, warningsOf } from '../shared/scenario-result.ts'
import { citation } from './citation.ts'
import { curlCommand } from './curl-command.ts'
import { exchangeOf } from './exchange-of.ts'
import { failingCases, type ReportCounts } from './report-counts.ts'

// A test case that must be shown with its failures: failed, not judged, or skipped after a check failed.
const failing = (scenario: ScenarioResult): boolean =>
  scenario.outcome === 'failed' || scenario.outcome === 'error' || failuresOf(scenario).length > 0

function headline(scenario: ScenarioResult): string {
  if (scenario.outcome === 'error') return `  ! ${scenario.title}: could not be judged: ${scenario.reason ?? ''}`
  if (scenario.outcome === 'skipped')
    return `  - ${scenario.title} (skipped after these checks failed: ${scenario.reason})`
  return `  ✗ ${scenario.title}`
}

function failureLines(scenario: ScenarioResult): Array<string> {
  const lines = [headline(scenario)]
  for (const item of failuresOf(scenario)) {
    const { check, message, received, expected } = item.result
    lines.push(`      ✗ [${check}] ${message}`)
    if (received !== undefined) lines.push(`        received: ${received}`)
    if (expected !== undefined) lines.push(`        expected: ${expected}`)
    lines.push(`        ${citation(item.result)}`)
    // The request this finding rests on, or none: the scenario's last request may be another one.
    const exchange = exchangeOf(item, scenario)
    if (exchange) lines.push(`        reproduce: ${curlCommand(exchange.request)}`)
  }
  const last = scenario.exchanges.at(-1)
  if (scenario.outcome === 'error' && last) lines.push(`      last request: ${curlCommand(last.request)}`)
  return lines
}

/**
 * The console's Failures section: each failing test case (the count is of test cases, as in every
 * report), then each failed check of it with a curl line for the request it judged.
 * @example consoleFailures(result, reportCounts(result)).join('\n')
 */
export function consoleFailures(result: RunResult, counts: ReportCounts): Array<string> {
  const shown = [result.setup, ...result.scenarios].filter(failing)
  if (shown.length === 0) return []
  return ['', `Failures (${failingCases(counts)}):`, ...shown.flatMap(failureLines)]
}

/**
 * The console's Deviations section: every deviation once, with what the spec expects and why, and how often it was
 * seen when on more than one response. Under `--strict` they are failures, listed with them, and this section only
 * counts them.
 * @example consoleDeviations(result, reportCounts(result)).join('\n')
 */
export function consoleDeviations(result: RunResult, counts: ReportCounts): Array<string> {
  if (counts.deviations === 0) return []
  const warnings = [result.setup, ...result.scenarios].flatMap((scenario) => warningsOf(scenario))
  const head = result.strict
    ? `Deviations (${counts.deviations}, failures under --strict: listed under Failures):`
    : `Deviations (${counts.deviations}, warnings: allowed by the interface, failures with --strict):`
  const lines = ['', head]
  const seen = new Map<string, { warning: (typeof warnings)[number]['result']; count: number }>()
  for (const { result: warning } of warnings) {
    const key = findingKey(warning)
    seen.set(key, { warning: seen.get(key)?.warning ?? warning, count: (seen.get(key)?.count ?? 0) + 1 })
  }
  for (const { warning, count } of seen.values()) {
    lines.push(`  ! [${warning.check}] ${warning.message}${count > 1 ? ` (seen ${count} times)` : ''}`)
    if (warning.expected !== undefined)
      lines.push(`      expected: ${warning.expected}, received: ${warning.received ?? '(nothing)'}`)
    lines.push(`      ${citation(warning)}`)
  }
  return lines
}
