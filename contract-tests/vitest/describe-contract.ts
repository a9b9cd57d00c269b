import { beforeAll, describe, it } from 'vitest'
import { exploreOptions } from '../generate/explore-options.ts'
import { writeReports } from '../reports/write-reports.ts'
import { type RunContractOptions, runContract } from '../run/run-contract.ts'
import { selectScenarios } from '../run/select-scenarios.ts'
import type { RunResult } from '../shared/run-result.ts'
import { failuresOf, type ScenarioResult } from '../shared/scenario-result.ts'

export interface ContractSuiteOptions extends Omit<RunContractOptions, 'scenarios' | 'onProgress'> {
  /** Where to write the JSON, JUnit and HTML reports of the run, as `petstore-contract --report-dir` does. */
  reportDir?: string
  /** The longest the whole run may take, in ms (vitest's hook timeout). Default 10 minutes. */
  timeoutMs?: number
  /** Called with the whole (redacted) run once it ends, e.g. to assert on its counts. */
  onResult?: (result: RunResult) => void
}

/**
 * The contract suite inside your own vitest suite: runs every selected check once against the target (in a
 * `beforeAll`, through `runContract`), then reports the setup and each scenario as one vitest test under its group,
 * failed with what the check found, or skipped with its reason. Call it at the top level of a test file.
 * @example
 * // contract.test.ts
 * import { describeContract } from 'petstore-contract/vitest'
 * describeContract({ targetName: 'staging', baseUrl: 'https://staging.example.com/v1',
 *   messagesBaseUrl: 'https://staging.example.com', apiKey: process.env.PETSTORE_API_KEY ?? '' })
 */
export function describeContract({ reportDir, timeoutMs = 600_000, onResult, ...options }: ContractSuiteOptions): void {
  // The seed is drawn once, so the tests listed and the run agree on the exploring checks.
  const explore = exploreOptions(options.explore)
  const groups = selectScenarios(options.only ?? [], explore)
  let run: RunResult | undefined
  beforeAll(async () => {
    run = await runContract({ ...options, explore, scenarios: groups.flatMap((group) => group.scenarios) })
    if (reportDir) await writeReports(run, reportDir)
    onResult?.(run)
  }, timeoutMs)

  it('suite setup', ({ skip }) => report(ran(run).setup, skip))
  let index = 0
  for (const group of groups) {
    describe(group.name, () => {
      for (const scenario of group.scenarios) {
        const position = index++
        it(scenario.title, ({ skip }) => {
          const result = ran(run).scenarios[position]
          if (!result) throw new Error(`Failed to report "${scenario.title}": expected its result, got none.`)
          report(result, skip)
        })
      }
    })
  }
}

function ran(run: RunResult | undefined): RunResult {
  if (!run) throw new Error('Failed to run the contract suite: expected a result, got none. See the beforeAll error.')
  return run
}

/** Turns one scenario result into the verdict of its vitest test. */
function report(result: ScenarioResult, skip: (reason?: string) => void): void {
  if (result.outcome === 'error') throw new Error(`The target could not be judged: ${result.reason}`)
  if (result.outcome === 'failed')
    throw new Error(
      failuresOf(result)
        .map(({ result: failure }) => `[${failure.check}] ${failure.message}`)
        .join('\n'),
    )
  if (result.outcome === 'skipped') skip(result.reason)
}
