import { beforeAll, expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { everyPageFull } from '../../contract-tests/standards/stale-read-scenarios.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { petStatuses } from '../../spec/schemas.ts'
import type { Pet } from '../../spec/types.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { conformantVariants } from './conformant-variants.ts'
import { exploredFaultyVariants, statefulFaultyVariants } from './explored-faulty-variants.ts'
import { faultyVariants } from './faulty-variants.ts'
import { requestFormFaultyVariants } from './request-form-faulty-variants.ts'
import { goodMock, judgeVariant, type Variant } from './variant.ts'

const seed = useTestSeed()
const storeSize = 50_000

/** What a verdict is made of: the exit code, the checks that failed, the findings by level. */
const verdictOf = (result: RunResult) => ({
  exitCode: result.exitCode,
  failedChecks: [
    ...new Set([result.setup, ...result.scenarios].flatMap((s) => failuresOf(s).map(({ result: f }) => f.check))),
  ].sort(),
  findings: result.findings,
  skipped: result.scenarios
    .filter((scenario) => scenario.outcome === 'skipped' && scenario.reason !== everyPageFull)
    .map((scenario) => scenario.title),
})
// The skips a big store explains: the cache check and what one create adds need a list page that is not full, and
// every page of such a store is. It is asserted apart (below), so any other difference still fails.
const skippedForFullPages = (result: RunResult) =>
  result.scenarios
    .filter((scenario) => scenario.outcome === 'skipped' && scenario.reason === everyPageFull)
    .map((scenario) => scenario.check)

// What nightly runs leave on a staging store: the pets of a real earlier run (its run tag, the exploring phases'
// edge names), then older leftovers of every kind, first, so that the first page of a list holds nothing else.
let store: Array<Pet>
beforeAll(async () => {
  const earlier = await createPetStoreMock()
  await runContract({
    targetName: 'earlier run',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: earlier.fetch,
    explore: { seed },
  })
  const ofEarlierRuns = (await earlier.state.get()).pets.filter((pet) => pet.id > 50)
  const statuses = [...petStatuses, undefined]
  const names = ['', ' ', 'contract-lq3x9a1-7', 'contract-lq3x9a1-typical', 'x'.repeat(2000), '🐕\u200d🦺', '\t']
  const categories = [1, 9_223_372_036_854_775_807n, -9_223_372_036_854_775_808n, 0, 9_007_199_254_740_993n]
  const leftover = (index: number) => {
    const status = statuses[index % statuses.length]
    return {
      name: names[index % names.length] as string,
      categoryId: categories[index % categories.length] as number,
      ...(status && { status }),
    }
  }
  const pets = [...Array.from({ length: 1_000 }, (_, index) => leftover(index)), ...ofEarlierRuns]
  while (pets.length < storeSize) pets.push({ name: `pet-${pets.length}`, categoryId: (pets.length % 7) + 1 })
  store = pets.map((pet, index) => ({ ...pet, id: index + 1 }) as Pet)
}, scaledMs(120_000))

const named = (names: ReadonlyArray<string>, variants: ReadonlyArray<Variant>) =>
  variants.filter((variant) => names.includes(variant.name))
// Not judged here, as no run can see them on such a store: a list cache that is never refreshed (the first page of
// an oldest-first store never changes when pets are created) and a page one short only when the matches are exactly
// the limit (a run knows that count only when it knows the whole store).
const judged = [
  goodMock,
  ...named(['empty-name-refused', 'storage-limited-names', 'newest-first', 'ids-above-2^53'], conformantVariants),
  ...named(['filter-after-limit', 'create-changes-name', 'category-id-as-double'], faultyVariants),
  ...named(['status-index-from-start-up'], statefulFaultyVariants),
  ...named(['repeated-status-drops-filter'], requestFormFaultyVariants),
  ...named(['status-dropped-with-limit'], exploredFaultyVariants),
]

it('judges the chosen variants: every one named here exists', () => {
  expect(judged).toHaveLength(11)
})

it.each(judged.map((variant) => [variant.name, variant] as const))(
  'gives %s holding 50,000 pets, leftovers of earlier runs first, the verdict it gives a fresh one',
  async (_name, variant) => {
    const big = await judgeVariant(variant, { explore: { seed } }, { initialPets: store })
    if (variant.caughtBy) {
      // A defect is caught by the check that names it, as on a fresh store under each of the ten proof seeds
      // (test/ledger/ledger-variants.test.ts); on a big store it may show in more places too.
      expect(big.exitCode).toBe(1)
      expect(verdictOf(big).failedChecks).toContain(variant.caughtBy)
    } else {
      const fresh = await judgeVariant(variant, { explore: { seed } })
      expect(fresh.exitCode).toBe(0)
      expect(skippedForFullPages(fresh)).toEqual([])
      expect(verdictOf(big)).toEqual(verdictOf(fresh))
      expect(skippedForFullPages(big).sort()).toEqual(['create_adds_exactly_one', 'no_stale_read'])
    }
    // It marks what it created, and writes no more than its checks need: on the big store the setup finds
    // enough pets of every status and creates one of each, plus three without status.
    expect(big.created?.ids.length).toBeGreaterThan(0)
    expect(new Set(big.created?.ids).size).toBe(big.created?.ids.length)
    expect(big.created?.ids.every((id) => BigInt(id) > BigInt(storeSize))).toBe(true)
    if (!variant.caughtBy)
      expect(big.setup.exchanges.filter((exchange) => exchange.operationId === 'createPet')).toHaveLength(
        petStatuses.length + 3,
      )
  },
  scaledMs(120_000),
)
