import { describe, expect, it } from 'vitest'
import { noWireReason } from '../../contract-tests/client/raw-exchange-call.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { scenarioGroups } from '../../contract-tests/scenarios/registry.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { conformantVariants } from './conformant-variants.ts'
import { faultyVariants } from './faulty-variants.ts'
import { goodMock, serveVariant, type Variant } from './variant.ts'

const seed = useTestSeed()

// The exploring phases prove themselves in explored-variants.test.ts; here they run against the good mock
// and the conformant variants (no false alarm), while each faulty variant needs only the named scenarios.
const namedScenarios = scenarioGroups.map((group) => group.name)

async function runAgainst(variant: Variant, strict = false, only: ReadonlyArray<string> = []): Promise<RunResult> {
  return runContract({
    strict,
    targetName: 'variant',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: await serveVariant(variant),
    only,
    explore: { seed },
  })
}

/** The check names of every failure in a run: registry checks and scenario assertions alike. */
function failedChecks(result: RunResult): Set<string> {
  return new Set(
    [result.setup, ...result.scenarios].flatMap((scenario) =>
      failuresOf(scenario).map(({ result: failure }) => failure.check),
    ),
  )
}

it.each([false, true])('passes the good mock with no failure and no finding (strict: %s)', async (strict) => {
  const result = await runAgainst(goodMock, strict)
  expect(failedChecks(result)).toEqual(new Set())
  expect(result.exitCode).toBe(0)
  expect(result.findings).toEqual({ violations: 0, deviations: 0 })
  // Every check passed, but those that write HTTP/1.1 themselves: an in-process target has no wire, and says so.
  const notPassed = result.scenarios.filter((scenario) => scenario.outcome !== 'passed')
  expect(notPassed.filter((scenario) => scenario.reason !== noWireReason)).toEqual([])
  expect(new Set(notPassed.map((scenario) => scenario.outcome))).toEqual(new Set(notPassed.length ? ['skipped'] : []))
})

describe('faulty implementations', () => {
  it.each(faultyVariants.map((variant) => [variant.name, variant] as const))(
    'fails %s, caught by the right check',
    async (_name, variant) => {
      const result = await runAgainst(variant, false, namedScenarios)
      expect(result.exitCode).toBe(1)
      expect([...failedChecks(result)]).toContain(variant.caughtBy)
    },
  )
})

describe('conformant implementations that make other allowed choices', () => {
  it.each(conformantVariants.map((variant) => [variant.name, variant] as const))(
    'passes %s',
    async (_name, variant) => {
      const result = await runAgainst(variant)
      const failures = [result.setup, ...result.scenarios].flatMap((scenario) =>
        failuresOf(scenario).map(({ result: failure }) => `${scenario.title}: [${failure.check}] ${failure.message}`),
      )
      expect(failures).toEqual([])
      expect(result.exitCode).toBe(0)
      expect(result.findings.violations).toBe(0)
      if (variant.deviates) expect(result.findings.deviations).toBeGreaterThan(0)
    },
  )

  it.each(conformantVariants.map((variant) => [variant.name, variant] as const))(
    'judges %s under --strict: fails it exactly when it deviates from the spec',
    async (_name, variant) => {
      const result = await runAgainst(variant, true)
      const failures = [result.setup, ...result.scenarios].flatMap((scenario) => failuresOf(scenario))
      const messages = failures.map(({ result: failure }) => `[${failure.check}] ${failure.message}`)
      const why = messages.join('\n')
      expect(result.exitCode, why).toBe(variant.deviates ? 1 : 0)
      // Under --strict only deviations fail: a conformant implementation never breaks the interface.
      expect(new Set(failures.map(({ result: failure }) => failure.level)), why).toEqual(
        new Set(variant.deviates ? ['deviation'] : []),
      )
    },
  )
})

it('covers every scenario check with at least one faulty variant', async () => {
  const { scenarios } = await import('../../contract-tests/scenarios/registry.ts')
  const { responseChecks } = await import('../../contract-tests/checks/registry.ts')
  const observationsOnly = new Set(['lowercase_bearer', 'create_without_status', 'deprecation_headers'])
  const promised = new Set(
    [...scenarios.map((scenario) => scenario.check), ...responseChecks.map((check) => check.name)].filter(
      (name) => !observationsOnly.has(name),
    ),
  )
  // The dimensions taken from the standards prove their checks in test/ledger/ledger-variants.test.ts.
  const { standardFaultyVariants } = await import('./standard-faulty-variants.ts')
  const { freedomFaultyVariants } = await import('./freedom-faulty-variants.ts')
  const caught = new Set(
    [...faultyVariants, ...standardFaultyVariants, ...freedomFaultyVariants].map((variant) => variant.caughtBy),
  )
  expect([...promised].filter((name) => !caught.has(name))).toEqual([])
})
