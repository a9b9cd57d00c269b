import type { SerializedError } from 'vitest'
import type { Reporter, TestModule } from 'vitest/node'
import { exitCodeOf, type RunResult, type TargetInfo } from '../run/run-result.ts'
import type { ScenarioResult } from '../run/scenario-result.ts'
import type {} from './contract-config.ts'

/**
 * Collects the scenario results the contract suite attached to its tests (`task.meta.contract`)
 * in the main process and turns them into one `RunResult` when the run ends.
 * @example const reporter = new ContractReporter(target); await startVitest(…, { reporters: [reporter] }); reporter.result
 */
export class ContractReporter implements Reporter {
  result?: RunResult
  /** Set when the suite itself could not run (a crash, a failed import). */
  failure?: string
  private readonly started = Date.now()

  constructor(private readonly target: TargetInfo) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const results: Array<ScenarioResult> = []
    let counters = { unsafeRequestsSent: 0, refusedRequests: 0 }
    for (const module of testModules) {
      const moduleError = module.errors()[0]
      if (moduleError) this.failure = moduleError.message
      for (const test of module.children.allTests()) {
        const meta = test.meta()
        if (meta.contract) results.push(meta.contract)
        if (meta.contractCounters) counters = meta.contractCounters
      }
    }
    if (unhandledErrors[0]) this.failure ??= unhandledErrors[0].message
    const [setup, ...scenarios] = results
    if (!setup) {
      this.failure ??= 'The contract suite produced no result.'
      return
    }
    this.result = {
      target: this.target,
      startedAt: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
      setup,
      scenarios,
      ...counters,
      ...exitCodeOf(setup, scenarios),
    }
  }
}
