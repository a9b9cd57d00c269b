import { describe, expect, it } from 'vitest'
import { noWireReason } from '../../contract-tests/client/raw-exchange-call.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { noTlsReason } from '../../contract-tests/standards/wire-tls-records-scenarios.ts'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { conformantVariants } from './conformant-variants.ts'
import { faultyVariants } from './faulty-variants.ts'
import { goodMock, serveVariant, type Variant } from './variant.ts'

const seed = useTestSeed()

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

// With no finding at all, --strict (which fails a run on its deviations and on nothing else, run-contract.test.ts)
// passes it too: one run says both.
it('passes the good mock with no failure and no finding, so under --strict too', async () => {
  const result = await runAgainst(goodMock)
  expect(failedChecks(result)).toEqual(new Set())
  expect(result.exitCode).toBe(0)
  expect(result.findings).toEqual({ violations: 0, deviations: 0 })
  // Every check passed, but those that write HTTP/1.1 themselves: an in-process target has no wire, and says so; and
  // tls_records, which has no TLS to judge on its http base address.
  const notPassed = result.scenarios.filter((scenario) => scenario.outcome !== 'passed')
  const said = [noWireReason, noTlsReason(new URL(result.target.baseUrl).origin)]
  expect(notPassed.filter((scenario) => !said.includes(scenario.reason ?? ''))).toEqual([])
  expect(new Set(notPassed.map((scenario) => scenario.outcome))).toEqual(new Set(notPassed.length ? ['skipped'] : []))
})

// Each faulty variant is caught by its check under each of the ten proof seeds: test/ledger/ledger-variants.test.ts.

describe('conformant implementations that make other allowed choices', () => {
  it.each(conformantVariants.map((variant) => [variant.name, variant] as const))(
    'passes %s, with deviations exactly when it deviates from the spec (what --strict fails)',
    async (_name, variant) => {
      const result = await runAgainst(variant)
      const failures = [result.setup, ...result.scenarios].flatMap((scenario) =>
        failuresOf(scenario).map(({ result: failure }) => `${scenario.title}: [${failure.check}] ${failure.message}`),
      )
      expect(failures).toEqual([])
      expect(result.exitCode).toBe(0)
      expect(result.findings.violations).toBe(0)
      // --strict fails a run on its deviations and on nothing else (run-contract.test.ts proves it once).
      expect(result.findings.deviations > 0, 'deviates').toBe(Boolean(variant.deviates))
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
  const { semanticsFaultyVariants } = await import('./semantics-faulty-variants.ts')
  const { messageFaultyVariants } = await import('./message-faulty-variants.ts')
  const { rfc9112FaultyVariants } = await import('./rfc9112-faulty-variants.ts')
  const caught = new Set(
    [
      ...faultyVariants,
      ...standardFaultyVariants,
      ...freedomFaultyVariants,
      ...semanticsFaultyVariants,
      ...messageFaultyVariants,
      ...rfc9112FaultyVariants,
    ].map((variant) => variant.caughtBy),
  )
  expect([...promised].filter((name) => !caught.has(name))).toEqual([])
})
