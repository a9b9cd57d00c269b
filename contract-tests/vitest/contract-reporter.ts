import type { SerializedError } from 'vitest'
import type { Reporter, TestModule } from 'vitest/node'
import type { RunResult } from '../model/run-result.ts'
import type {} from './contract-config.ts'

/**
 * Reads the `RunResult` the contract suite attached to its module (`meta().contractRun`) in the
 * main process when the run ends; it reassembles nothing.
 * @example const reporter = new ContractReporter(); await startVitest(…, { reporters: [reporter] }); reporter.result
 */
export class ContractReporter implements Reporter {
  result?: RunResult
  /** Set when the suite itself could not run (a crash, a failed import). */
  failure?: string

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const module of testModules) {
      const moduleError = module.errors()[0]
      if (moduleError) this.failure = moduleError.message
      this.result ??= module.meta().contractRun
    }
    if (unhandledErrors[0]) this.failure ??= unhandledErrors[0].message
    if (!this.result) this.failure ??= 'The contract suite produced no result.'
  }
}
