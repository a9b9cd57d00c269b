import { type CreatedResources, keyRefusedReason, type RunResult } from '../shared/run-result.ts'
import { budgetNote } from './budget-note.ts'
import { consoleDeviations, consoleFailures } from './console-findings.ts'
import { failingCases, reportCounts } from './report-counts.ts'
import { uncoveredItems } from './uncovered-items.ts'

const verdicts = { 0: 'CONFORMANT', 1: 'CONTRACT VIOLATIONS', 2: 'TARGET COULD NOT BE JUDGED' } as const

/**
 * The console summary: each check passed, failed or skipped; each failure with what was received,
 * what the spec documents and a curl line; the closing counts. A run that could not be judged from its setup on (a
 * configuration fault among them) is one line, its verdict and why; one whose configuration fault stopped it later
 * says it first. The result must already be redacted.
 * @example console.log(consoleSummary(result))
 */
export function consoleSummary(result: RunResult): string {
  // Nothing was judged: the reason is the whole story (a wrong base URL, say), not a list of skipped checks.
  if (result.setup.outcome === 'error' && result.exitCode === 2)
    return `Verdict: ${verdicts[2]} (exit 2): ${result.setup.reason ?? result.targetError ?? 'no reason given'}`
  const all = [result.setup, ...result.scenarios]
  const { target } = result
  const where = `${target.baseUrl} (messages: ${target.messagesBaseUrl})${target.readOnly ? ', read-only' : ''}`
  // A run configured wrong says so first, whatever else it found: the one line to act on.
  const fault = result.configurationFault ? [`Verdict: ${verdicts[2]} (exit 2): ${result.targetError}`] : []
  const lines: Array<string> = [...fault, `Pet Store contract run against ${target.name}: ${where}`, '']
  const byCheck = new Map<string, { passed: number; failed: number; skipped: number; error: number }>()
  const cut = new Set(all.filter((scenario) => scenario.budgetReached).map((scenario) => scenario.check))
  for (const scenario of all) {
    const counts = byCheck.get(scenario.check) ?? { passed: 0, failed: 0, skipped: 0, error: 0 }
    counts[scenario.outcome]++
    byCheck.set(scenario.check, counts)
  }
  // The counts in one column, after the longest name of the run and two spaces.
  const width = Math.max(...[...byCheck.keys()].map((check) => check.length)) + 2
  for (const [check, counts] of byCheck) {
    const mark = counts.error > 0 ? '!' : counts.failed > 0 ? '✗' : counts.passed > 0 ? '✓' : '-'
    const parts = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([state, n]) => `${n} ${state}`)
    const budget = cut.has(check) ? ' (cut short by the time budget)' : ''
    lines.push(`  ${mark} ${check.padEnd(width, ' ')}${parts.join(', ')}${budget}`)
  }
  const counts = reportCounts(result)
  lines.push(...consoleFailures(result, counts))
  const { tests, passed, skipped, violations, deviations } = counts
  if (skipped > 0) {
    lines.push('', `Skipped (${skipped}):`)
    const skippedOnes = all.filter(({ outcome }) => outcome === 'skipped')
    // The checks a refused key left unrun: one line, not a list of every check but the few that ran.
    const unkeyed = skippedOnes.filter(({ reason }) => reason === keyRefusedReason).length
    for (const scenario of skippedOnes.filter(({ reason }) => reason !== keyRefusedReason))
      lines.push(`  - ${scenario.title}: ${scenario.reason}`)
    if (unkeyed > 0) lines.push(`  - ${unkeyed} checks: ${keyRefusedReason}`)
  }
  lines.push(...consoleDeviations(result, counts))
  const refused = result.refusedRequests > 0 ? ` (${result.refusedRequests} refused by the read-only transport)` : ''
  const onlyDeviations = result.exitCode === 1 && result.strict && violations === 0
  const verdict = onlyDeviations ? 'DEVIATIONS FROM THE SPEC (--strict)' : verdicts[result.exitCode]
  const why = result.targetError ? `: ${result.targetError}` : result.verdictNote ? `; ${result.verdictNote}` : ''
  const strictNote = result.strict ? ' (--strict: deviations fail the run)' : ''
  if (result.comparison) {
    lines.push(
      '',
      `Compared with the in-process mock (${result.comparison.length} differences the interface leaves open):`,
    )
    for (const { kind, operationId, detail, count, example } of result.comparison)
      lines.push(`  ~ [${kind}] ${operationId}: ${detail} (${count}×, e.g. ${example})`)
  }
  lines.push(
    '',
    // In words: a reader should not have to know what makes a request unsafe.
    `Unsafe requests sent: ${result.unsafeRequestsSent}${refused} (POST and any method but GET and HEAD: ` +
      `they can change the target's data; a read-only run sends none)`,
    ...(result.created ? [createdLine(result.created)] : []),
    `Duration: ${(result.durationMs / 1000).toFixed(2)} s`,
    ...(result.coverage ? [coverageLine(result)] : []),
    ...(budgetNote(result) ? [`Exploring: ${budgetNote(result)}`] : []),
    ...(result.explore
      ? [
          `Seed: ${result.explore.seed} (--seed ${result.explore.seed} sends the same generated requests again; ` +
            `${result.explore.maxExamples} examples a check, ${result.explore.concurrency} in flight)`,
        ]
      : []),
    `Verdict: ${result.coverageShortfall ? 'COVERAGE TOO LOW' : verdict} (exit ${result.exitCode})${why}` +
      (result.coverageShortfall ? `: ${result.coverageShortfall}` : ''),
    `Test cases: ${tests} (the setup and ${tests - 1} scenarios): ` +
      `${passed} passed, ${failingCases(counts)}, ${skipped} skipped`,
    `Findings: ${violations} violation(s), ${deviations} deviation(s)${strictNote}`,
  )
  return lines.join('\n')
}

/** What the run left on the target, by kind, and how to find it. */
function createdLine({ runTag, ids, byKind = {} }: CreatedResources): string {
  if (ids.length === 0) return 'Created: nothing on the target'
  const kinds = Object.entries(byKind).map(
    ([plural, kindIds]) => `${kindIds.length} ${countable(plural, kindIds.length)}`,
  )
  const what = kinds.length > 0 ? kinds.join(' and ') : `${ids.length} resource${ids.length === 1 ? '' : 's'}`
  return (
    `Created: ${what} on the target (names the run chose carry ${runTag}; ` +
    'every id is in contract-report.json, created.ids)'
  )
}

/** A plural as the count asks: `pets` for 2, `pet` for 1 (the plural less its last `s`). */
const countable = (plural: string, count: number): string =>
  count === 1 && plural.endsWith('s') ? plural.slice(0, -1) : plural

/** How much of the spec the run exercised: operations, the statuses they promise, their parameters. */
function coverageLine({ coverage, minCoverage }: RunResult): string {
  if (!coverage) return ''
  const missing = uncoveredItems(coverage)
  const share = `${Math.floor(coverage.ratio * 1000) / 10}%`
  const gate = minCoverage !== undefined ? `; --min-coverage ${minCoverage}%` : ''
  const what = `${coverage.covered} of ${coverage.total} operations, promised statuses and parameters exercised`
  return `Coverage: ${share} (${what}${gate})${missing.length > 0 ? `; not exercised: ${missing.join(', ')}` : ''}`
}
