import type { Reporter, TestModule } from 'vitest/node'
import { timeScale } from './time-scale.ts'

/** One test file's time, as the end of a run lists it. */
interface FileTime {
  file: string
  /** Its import and collection, then its tests and hooks, in ms. */
  ms: number
  state: string
}

/**
 * The `count` slowest files of a run, slowest first.
 * @example slowestFiles(modules, 10) // [{ file: 'test/corpus/corpus.test.ts', ms: 347468, state: 'passed' }, ...]
 */
export function slowestFiles(modules: ReadonlyArray<TestModule>, count: number): Array<FileTime> {
  return modules
    .map((module) => {
      const { collectDuration, duration } = module.diagnostic()
      return { file: module.relativeModuleId, ms: collectDuration + duration, state: module.state() }
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
}

const shared = globalThis as { [key: symbol]: { done: boolean } | undefined }
const key = Symbol.for('petstore.slowestFiles')
shared[key] ??= { done: false }
const listed = shared[key]

/**
 * Lists the ten slowest test files at the end of a run, with the time scale the run's bounds were given, so that a
 * run on a busy machine shows where its time went and a timeout can be read against the load it ran under.
 * @example export default defineConfig({ test: { reporters: ['default', new SlowestFilesReporter()] } })
 */
export class SlowestFilesReporter implements Reporter {
  onTestRunStart(): void {
    listed.done = false
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    // The config is read once for the run and once per project, each with a reporter of its own: the first lists.
    if (modules.length < 2 || listed.done) return
    listed.done = true
    const lines = slowestFiles(modules, 10).map(
      ({ file, ms, state }) =>
        `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}${state === 'failed' ? '  (failed)' : ''}`,
    )
    console.log(`\nSlowest test files (time bounds scaled ×${timeScale().toFixed(2)} for this machine's load):`)
    console.log(lines.join('\n'))
  }
}
