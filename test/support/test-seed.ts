import { relative } from 'node:path'
import { beforeEach } from 'vitest'
import { testSeed, testSeedVariable } from '../../tools/test-seed.ts'

/**
 * The seed of a test file that draws random inputs (fixed under CI, fresh locally, `PETSTORE_TEST_SEED` to replay;
 * the same one fast-check's global configuration uses), and a promise kept: whenever a test of the file fails,
 * the seed is printed with the command that reruns the file with it. Call it once, at the top of the file.
 * @example const seed = useTestSeed(); await runContract({ ...options, explore: { seed } })
 */
export function useTestSeed(): number {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() => console.error(rerunWithSeed(task.file.filepath)))
  })
  return testSeed
}

/**
 * The line a failing seeded test prints: its seed and how to rerun its file with it.
 * @example rerunWithSeed('/repo/test/fuzz/hostile-requests.test.ts')
 */
export function rerunWithSeed(file: string): string {
  const path = relative(process.cwd(), file)
  return `Seed ${testSeed}; rerun with it: ${testSeedVariable}=${testSeed} npx vitest run ${path}`
}
