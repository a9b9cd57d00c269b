import { describe, expect, it } from 'vitest'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { proofSeeds } from './proof-seeds.ts'
import { runVariant as run } from './run-variant.ts'
import { freshListVariant, standardConformantVariants } from './standard-conformant-variants.ts'

const testSeed = useTestSeed()

const failures = (result: RunResult) =>
  [result.setup, ...result.scenarios].flatMap((s) =>
    failuresOf(s).map(({ result: f }) => `${s.title}: [${f.check}] ${f.message}`),
  )

describe('conformant implementations of the open choices', () => {
  // Under the test seed, as every conformant proof; under each proof seed by the PETSTORE_TEST_SEED loop
  // of docs/exploration-dimensions.md.
  it.each(standardConformantVariants.map((variant) => [variant.name, variant] as const))(
    'passes %s by default, with deviations exactly when it deviates from the spec (what --strict fails)',
    async (_name, variant) => {
      const result = await run(variant, testSeed)
      expect(failures(result)).toEqual([])
      expect(result.exitCode).toBe(0)
      expect(result.findings.violations).toBe(0)
      // --strict fails a run on its deviations and on nothing else (run-contract.test.ts proves it once).
      expect(result.findings.deviations > 0, 'deviates').toBe(Boolean(variant.deviates))
    },
    scaledMs(60_000),
  )
})

it(
  'reports a list marked fresh for longer than it stays so as a deviation, never a violation',
  async () => {
    const results = await Promise.all(
      proofSeeds.map((seed) => run(freshListVariant, seed, { only: ['no_stale_read'] })),
    )
    for (const result of results) {
      expect(failures(result)).toEqual([])
      expect(result.exitCode).toBe(0)
      expect(result.findings.deviations).toBeGreaterThan(0)
    }
    const strict = await run(freshListVariant, testSeed, { only: ['no_stale_read'], strict: true })
    expect(strict.exitCode).toBe(1)
  },
  scaledMs(120_000),
)
