import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { SlowestFilesReporter } from './tools/slowest-files-reporter.ts'
import { calibrateTimeScale } from './tools/time-scale.ts'

// Every time bound is written for a quiet machine and scaled by one calibration made here, at the start of the run
// (tools/time-scale.ts): on a machine busy with other work the bounds grow, so load is never read as a failure.
const scale = calibrateTimeScale()

/**
 * Integration files that run in a worker of their own (project below): one that mocks a module with `vi.mock`, and
 * one that bounds its process's peak heap (in a shared worker, what the files before it left running grows it).
 */
const isolatedFiles = ['test/cli/redacted-mock-run.test.ts', 'test/fuzz/pipelining.test.ts']
/**
 * The long whole-system proofs, a third of the integration project's time: the packed package in throwaway projects,
 * hostile targets, the smoke bench, the catalogue copies, the big store and big answers. `npm test` leaves them to
 * `npm run test:proofs` (PETSTORE_LONG_PROOFS=apart), which CI runs right after it; `only` runs them alone (decision
 * record 043).
 */
const longProofs = [
  'test/consumer/consumer.test.ts',
  'test/cli/hostile-targets.test.ts',
  'bench/bench.test.ts',
  'test/catalogue/new-operation.test.ts',
  'test/catalogue/new-resource.test.ts',
  'test/variants/big-store.test.ts',
  'test/cli/big-answers.test.ts',
]
const longProofsMode = process.env.PETSTORE_LONG_PROOFS
/**
 * `PETSTORE_CORPUS=apart` leaves the conformance corpus out (CI's Node 22 step: its verdicts on the framework servers
 * do not depend on the suite's Node). A project's include and exclude are its own: vitest's `--exclude` on the command
 * line does not reach them, so the choice is made here.
 */
const corpusApart = process.env.PETSTORE_CORPUS === 'apart' ? ['test/corpus/**'] : []

/** The suite run against the in-process mock: unit tests, kept out of contract-tests/, which imports no mock. */
const suiteOnMock = ['test/suite-on-mock/**/*.test.ts']
const scaled = (ms: number) => Math.round(ms * scale)

// Two projects: `unit` (fast, beside the code) for the edit loop, `integration` (child processes, servers,
// Chromium, Prism, fuzz, bench) for the full run. `npm test` runs both.
export default defineConfig({
  test: {
    // At least three files at a time on two cores (vitest's default leaves one core free, so one file at a time):
    // the consumer projects, the corpus servers and the bench wait on child processes and installs much of the
    // time, so a third file fills the cores they leave idle. Four was 11 s quicker alone, but beside another run it
    // failed where three had passed (the corpus's Node servers, the gzip bomb): more load than the bounds allow for.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: scaled(30_000),
    hookTimeout: scaled(60_000),
    reporters: ['default', new SlowestFilesReporter()],
    setupFiles: ['tools/fast-check-seed.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'spec/**/*.test.ts',
            'shared/**/*.test.ts',
            'mocks/**/*.test.ts',
            'contract-tests/**/*.test.ts',
            'proxy/**/*.test.ts',
            'tools/**/*.test.ts',
            ...suiteOnMock,
          ],
          // The files of a worker share one module graph: msw, @msw/data, zod and the catalogue load once per worker,
          // not once per file (three quarters of the project's time went to that). So a unit test leaves nothing
          // behind (stubbed globals and env unstubbed, real timers back) and loads what a module mock must reach
          // after `vi.resetModules()` (constant-time-equal.test.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        // Child processes share the machine with the consumer projects: more time before a test counts as hung.
        test: {
          name: 'integration',
          include: longProofsMode === 'only' ? longProofs : ['test/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...isolatedFiles,
            ...suiteOnMock,
            ...(longProofsMode === 'apart' ? longProofs : []),
            ...corpusApart,
          ],
          testTimeout: scaled(90_000),
          // As in `unit`: the files of a worker share one module graph, so the suite, the mock and their libraries
          // load once per worker, not once per file. A file that mocks a module runs in the project below: a mock
          // registered in a shared worker reaches the files after it (a run that redacts nothing).
          isolate: false,
        },
      },
      {
        extends: true,
        // A file that mocks a module the suite loads, or measures its process's heap: alone in its worker, so that
        // the mock reaches no other file and no other file's leftovers count.
        test: { name: 'integration-isolated', include: isolatedFiles, testTimeout: scaled(90_000), isolate: true },
      },
    ],
  },
})
