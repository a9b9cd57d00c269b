import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { selectableNames } from '../../contract-tests/run/select-scenarios.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../mocks/core/development-api-key.ts'
import { useTestSeed } from '../support/test-seed.ts'
import type { HttpVariant } from './http-variant.ts'
import { proofSeeds } from './proof-seeds.ts'
import { requestFormFaultyVariants } from './request-form-faulty-variants.ts'
import { freshListVariant, standardConformantVariants } from './standard-conformant-variants.ts'
import { standardFaultyVariants } from './standard-faulty-variants.ts'
import type { Variant } from './variant.ts'
import { variantTarget } from './variant-target.ts'

const testSeed = useTestSeed()

/** One row of docs/exploration-dimensions.md: the dimension, the checks it names, the variant that proves it. */
interface Row {
  dimension: string
  checks: Array<string>
  variant: string
}

async function tableRows(): Promise<Array<Row>> {
  const text = await readFile(new URL('../../docs/exploration-dimensions.md', import.meta.url), 'utf8')
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Dimension') && !line.startsWith('|---'))
    .map((line) => {
      const [, dimension = '', , check = '', variant = ''] = line.split(/(?<!\\)\|/).map((cell) => cell.trim())
      const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string)
      return { dimension, checks: names(check), variant: names(variant)[0] ?? '' }
    })
}

const faulty: ReadonlyArray<Variant | HttpVariant> = [
  ...standardFaultyVariants,
  ...requestFormFaultyVariants.filter((variant) => variant.name === 'page-short-at-exact-limit'),
]
const rows = await tableRows()

async function run(
  variant: Variant | HttpVariant,
  seed: number,
  options: { only?: ReadonlyArray<string>; strict?: boolean } = {},
): Promise<RunResult> {
  const target = await variantTarget(variant)
  try {
    return await runContract({
      targetName: variant.name,
      baseUrl: target.baseUrl,
      messagesBaseUrl: target.messagesBaseUrl,
      apiKey: developmentApiKey,
      fetch: target.fetch,
      only: options.only,
      strict: options.strict,
      explore: { seed },
    })
  } finally {
    await target.close()
  }
}

const failedChecks = (result: RunResult) =>
  new Set([result.setup, ...result.scenarios].flatMap((s) => failuresOf(s).map(({ result: f }) => f.check)))
const failures = (result: RunResult) =>
  [result.setup, ...result.scenarios].flatMap((s) =>
    failuresOf(s).map(({ result: f }) => `${s.title}: [${f.check}] ${f.message}`),
  )

it('has a row per faulty variant, each naming the check that catches it and one a run can select', () => {
  expect(rows.map((row) => row.variant).sort()).toEqual(faulty.map((variant) => variant.name).sort())
  for (const row of rows) {
    const variant = faulty.find((candidate) => candidate.name === row.variant)
    expect(row.checks, row.dimension).toContain(variant?.caughtBy)
    expect(
      row.checks.filter((check) => selectableNames.includes(check)),
      row.dimension,
    ).not.toEqual([])
  }
})

describe('each dimension is caught by its check under every proof seed', () => {
  it.each(rows.map((row) => [row.variant, row] as const))(
    '%s',
    async (name, row) => {
      const variant = faulty.find((candidate) => candidate.name === name) as Variant | HttpVariant
      const only = row.checks.filter((check) => selectableNames.includes(check))
      // Each seed a target of its own, all at once: their pauses overlap.
      const results = await Promise.all(proofSeeds.map((seed) => run(variant, seed, { only })))
      const missed = proofSeeds.filter((_, index) => {
        const result = results[index] as RunResult
        return result.exitCode !== 1 || !failedChecks(result).has(variant.caughtBy as string)
      })
      expect(missed, `${name} not caught by ${variant.caughtBy} under these seeds`).toEqual([])
    },
    120_000,
  )
})

describe('conformant implementations of the open choices', () => {
  // Under the test seed, as every conformant proof; under each proof seed by the PETSTORE_TEST_SEED loop
  // of docs/exploration-dimensions.md.
  it.each(standardConformantVariants.map((variant) => [variant.name, variant] as const))(
    'passes %s by default',
    async (_name, variant) => {
      const result = await run(variant, testSeed)
      expect(failures(result)).toEqual([])
      expect(result.exitCode).toBe(0)
      if (variant.deviates) expect(result.findings.deviations).toBeGreaterThan(0)
    },
    60_000,
  )

  it.each(standardConformantVariants.map((variant) => [variant.name, variant] as const))(
    'judges %s under --strict: fails it exactly when it deviates from the spec',
    async (_name, variant) => {
      const result = await run(variant, testSeed, { strict: true })
      const levels = new Set(
        [result.setup, ...result.scenarios].flatMap((s) => failuresOf(s).map(({ result: f }) => f.level)),
      )
      expect(result.exitCode, failures(result).join('\n')).toBe(variant.deviates ? 1 : 0)
      expect(levels).toEqual(new Set(variant.deviates ? ['deviation'] : []))
    },
    60_000,
  )
})

it('reports a list marked fresh for longer than it stays so as a deviation, never a violation', async () => {
  const results = await Promise.all(proofSeeds.map((seed) => run(freshListVariant, seed, { only: ['no_stale_read'] })))
  for (const result of results) {
    expect(failures(result)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(result.findings.deviations).toBeGreaterThan(0)
  }
  const strict = await run(freshListVariant, testSeed, { only: ['no_stale_read'], strict: true })
  expect(strict.exitCode).toBe(1)
}, 120_000)
