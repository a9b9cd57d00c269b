import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { PartialStrykerOptions } from '@stryker-mutator/api/core'

/** Where a run writes Stryker's HTML and JSON reports and the summary. */
export const mutationReportDir = 'reports/mutation'

/** Stryker's incremental file, kept in the repository: a rerun judges only what changed (docs/mutation.md). */
export const incrementalFile = 'test/mutation/stryker-incremental.json'

const plugin = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** What one mutation run mutates and how. */
export interface MutationScope {
  /** Stryker `mutate` patterns: the servers' folders, or ranges in their files (a sample). */
  mutate: ReadonlyArray<string>
  /** Judge every mutant again (`--force`), or use the incremental file. */
  force: boolean
  /** A sample is judged afresh and leaves the incremental file as it is. */
  incremental: boolean
}

/**
 * Stryker's options for a run over the corpus: the `contract` test runner (each mutant's server judged by the whole
 * suite), the log-text ignorer, no coverage analysis (the servers run in processes of their own), and a per-mutant
 * timeout far above the suite's own bounds, so that the suite, not Stryker, ends a run against a server that hangs.
 * @example new Stryker(strykerOptions({ mutate: ['test/corpus/servers/koa/**\/*.ts'], force: false, incremental: true
 * }))
 */
export function strykerOptions(scope: MutationScope): PartialStrykerOptions {
  return {
    testRunner: 'contract',
    plugins: [plugin('./contract-test-runner.ts'), plugin('./log-ignorer.ts')],
    ignorers: ['log-text'],
    testRunnerNodeArgs: ['--import', 'tsx'],
    checkerNodeArgs: ['--import', 'tsx'],
    mutate: [...scope.mutate],
    coverageAnalysis: 'off',
    concurrency: Math.max(1, availableParallelism()),
    timeoutMS: 240_000,
    reporters: ['progress', 'html', 'json'],
    htmlReporter: { fileName: `${mutationReportDir}/mutation.html` },
    jsonReporter: { fileName: `${mutationReportDir}/mutation.json` },
    incremental: scope.incremental,
    incrementalFile,
    force: scope.force,
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
  }
}
