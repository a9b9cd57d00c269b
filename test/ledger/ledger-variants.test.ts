import { expect, it } from 'vitest'
import { exploreOptions } from '../../contract-tests/generate/explore-options.ts'
import { selectableNames, selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import { scenarioGroups } from '../../contract-tests/scenarios/registry.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { proofSeeds } from '../variants/proof-seeds.ts'
import { ledgerVariants, type ProvingVariant } from './ledger-variants.ts'
import { type LedgerRow, readLedger } from './read-ledger.ts'
import { runProvingVariant } from './run-proving-variant.ts'

const rows = readLedger()
const named = [...new Set(rows.flatMap((row) => row.variants))].sort()
const exploring = new Set(
  selectScenarios([], exploreOptions({ seed: 1 })).flatMap((group) =>
    group.scenarios.filter((scenario) => scenario.explores).map(({ check }) => check),
  ),
)

/**
 * What a proof run selects: the check that must catch the variant when a run can select it; for a check applied to
 * every answer (the registry's), the deterministic checks of the rows that name the variant, else their exploring
 * ones, else the named scenarios. Never less than the check needs to meet the defect.
 */
function proofSelection(variant: ProvingVariant, naming: ReadonlyArray<LedgerRow>): Array<string> {
  const caughtBy = variant.caughtBy as string
  if (selectableNames.includes(caughtBy)) return [caughtBy]
  const selectable = [...new Set(naming.flatMap((row) => row.checks))].filter((check) =>
    selectableNames.includes(check),
  )
  const deterministic = selectable.filter((check) => !exploring.has(check))
  if (deterministic.length > 0) return deterministic
  return selectable.length > 0 ? selectable : scenarioGroups.map((group) => group.name)
}

/**
 * The seeds a proof runs under: the ten proof seeds when the selection explores (a seed draws its requests), one when
 * it explores nothing, since it then sends the same requests whatever the seed
 * (test/variants/seed-independent-checks.test.ts proves it), as the corpus does.
 */
function seedsFor(only: ReadonlyArray<string>): ReadonlyArray<number> {
  const explores = selectScenarios(only, exploreOptions({ seed: 1 })).some((group) =>
    group.scenarios.some((scenario) => scenario.explores),
  )
  return explores ? proofSeeds : proofSeeds.slice(0, 1)
}

/**
 * Whether the run caught the variant at its level: a violation fails the run, a deviation is a warning of it, a
 * configuration fault (a certificate the run's client refuses) ends it in exit 2, its cause said, nothing counted.
 */
function caught(result: RunResult, variant: ProvingVariant): boolean {
  const of = variant.deviation ? warningsOf : failuresOf
  const found = [result.setup, ...result.scenarios].some((s) =>
    of(s).some(({ result: f }) => f.check === variant.caughtBy),
  )
  if (variant.configurationFault) return result.exitCode === 2 && result.configurationFault === true
  return found && result.exitCode === (variant.deviation ? 0 : 1)
}

it('names only faulty variants the suite has', () => {
  expect(named.filter((name) => !ledgerVariants.has(name))).toEqual([])
})

it.each(named.filter((name) => ledgerVariants.has(name)))(
  'catches %s by its check under each of the ten proof seeds (one when its selection explores nothing)',
  async (name) => {
    const variant = ledgerVariants.get(name) as ProvingVariant
    const only = proofSelection(
      variant,
      rows.filter((row) => row.variants.includes(name)),
    )
    const seeds = seedsFor(only)
    // Each seed a target of its own, all at once: their pauses overlap.
    const results = await Promise.all(seeds.map((seed) => runProvingVariant(variant, seed, { only })))
    const missed = seeds.filter((_, index) => !caught(results[index] as RunResult, variant))
    expect(missed, `${name} not caught by ${variant.caughtBy} (selected: ${only.join(', ')})`).toEqual([])
  },
  scaledMs(120_000),
)

it('names every faulty variant of the suite in a row: none is proven by another test than this one', () => {
  expect([...ledgerVariants.keys()].filter((name) => !named.includes(name))).toEqual([])
})
