import type { RunResult } from '../model/run-result.ts'
import { failuresOf, warningsOf } from '../model/scenario-result.ts'
import { citation } from './citation.ts'
import { curlCommand } from './curl-command.ts'

const verdicts = { 0: 'CONFORMANT', 1: 'CONTRACT VIOLATIONS', 2: 'TARGET COULD NOT BE JUDGED' } as const

/**
 * The console summary: each check passed, failed or skipped; each failure with what was received,
 * what the spec documents and a curl line; the closing counts. The result must already be redacted.
 * @example console.log(consoleSummary(result))
 */
export function consoleSummary(result: RunResult): string {
  const all = [result.setup, ...result.scenarios]
  const { target } = result
  const where = `${target.baseUrl} (messages: ${target.messagesBaseUrl})${target.readOnly ? ', read-only' : ''}`
  const lines: Array<string> = [`Pet Store contract run against ${target.name}: ${where}`, '']
  const byCheck = new Map<string, { passed: number; failed: number; skipped: number; error: number }>()
  for (const scenario of all) {
    const counts = byCheck.get(scenario.check) ?? { passed: 0, failed: 0, skipped: 0, error: 0 }
    counts[scenario.outcome]++
    byCheck.set(scenario.check, counts)
  }
  for (const [check, counts] of byCheck) {
    const mark = counts.error > 0 ? '!' : counts.failed > 0 ? '✗' : counts.passed > 0 ? '✓' : '-'
    const parts = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([state, n]) => `${n} ${state}`)
    lines.push(`  ${mark} ${check.padEnd(30, ' ')} ${parts.join(', ')}`)
  }
  const failures = all.flatMap((scenario) => failuresOf(scenario).map((failure) => ({ scenario, ...failure })))
  if (failures.length > 0) {
    lines.push('', `Failures (${failures.length}):`)
    for (const { scenario, result: failure, exchange } of failures) {
      lines.push(`  ✗ [${failure.check}] ${scenario.title}`, `      ${failure.message}`)
      if (failure.received !== undefined) lines.push(`      received: ${failure.received}`)
      if (failure.expected !== undefined) lines.push(`      expected: ${failure.expected}`)
      lines.push(`      ${citation(failure)}`)
      const request = exchange?.request ?? scenario.exchanges.at(-1)?.request
      if (request) lines.push(`      reproduce: ${curlCommand(request)}`)
    }
  }
  const skipped = all.filter((scenario) => scenario.outcome === 'skipped')
  if (skipped.length > 0) {
    lines.push('', `Skipped (${skipped.length}):`)
    for (const scenario of skipped) lines.push(`  - ${scenario.title}: ${scenario.reason}`)
  }
  const warnings = all.flatMap((scenario) => warningsOf(scenario).map((warning) => ({ scenario, ...warning })))
  if (warnings.length > 0) {
    lines.push('', `Deviations (${warnings.length}, warnings: allowed by the interface, failures with --strict):`)
    for (const { result: warning } of warnings) {
      lines.push(`  ! [${warning.check}] ${warning.message}`)
      if (warning.expected !== undefined)
        lines.push(`      expected: ${warning.expected}, received: ${warning.received ?? '(nothing)'}`)
      lines.push(`      ${citation(warning)}`)
    }
  }
  const count = (outcome: string) => result.scenarios.filter((scenario) => scenario.outcome === outcome).length
  const refused = result.refusedRequests > 0 ? ` (${result.refusedRequests} refused by the read-only transport)` : ''
  const onlyDeviations = result.exitCode === 1 && result.strict && result.findings.violations === 0
  const verdict = onlyDeviations ? 'DEVIATIONS FROM THE SPEC (--strict)' : verdicts[result.exitCode]
  const why = result.targetError ? `: ${result.targetError}` : ''
  const { violations, deviations } = result.findings
  const strictNote = result.strict ? ' (--strict: deviations fail the run)' : ''
  lines.push(
    '',
    `Unsafe requests sent: ${result.unsafeRequestsSent}${refused}`,
    `Duration: ${(result.durationMs / 1000).toFixed(2)} s`,
    `Verdict: ${verdict} (exit ${result.exitCode})${why}`,
    `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
    `Findings: ${violations} violation(s), ${deviations} deviation(s)${strictNote}`,
  )
  return lines.join('\n')
}
