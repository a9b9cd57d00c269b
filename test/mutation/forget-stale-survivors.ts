import type { IncrementalReport } from './keep-other-verdicts.ts'

/** The statuses of a mutant the suite did not kill: what a changed suite must judge again. */
const notKilled = new Set(['Survived', 'NoCoverage', 'Timeout'])

/**
 * The incremental report without the verdicts of the mutants a suite other than today's let live, in the files
 * `stale` selects (the servers whose recorded suite digest is not today's). Stryker judges a mutant the report lacks
 * as new, so a rerun after the suite changed judges every survivor again; kills stand (a check only grows stricter
 * by a change that is no false alarm, which the corpus's conformant runs prove).
 * @example forgetStaleSurvivors(report, (path) => path.includes('/koa/'))
 */
export function forgetStaleSurvivors(report: IncrementalReport, stale: (path: string) => boolean): IncrementalReport {
  const judgedAgain = (mutants: IncrementalReport['files'][string]['mutants']) =>
    mutants.filter((mutant) => !notKilled.has(String(mutant.status)))
  const files = Object.fromEntries(
    Object.entries(report.files).map(([path, file]) => [
      path,
      stale(path) ? { ...file, mutants: judgedAgain(file.mutants) } : file,
    ]),
  )
  return { ...report, files }
}
