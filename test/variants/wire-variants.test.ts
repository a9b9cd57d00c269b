import { expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { wireScenarios } from '../../contract-tests/standards/wire-scenarios.ts'
import { noTlsReason } from '../../contract-tests/standards/wire-tls-records-scenarios.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import { messageFaultyVariants } from './message-faulty-variants.ts'
import { rfc9112FaultyVariants } from './rfc9112-faulty-variants.ts'
import { startStrictWireServer } from './strict-wire-server.ts'
import { wireFaultyVariants } from './wire-faulty-variants.ts'
import { startWireServer } from './wire-server.ts'

const wireChecks = [...new Set(wireScenarios.map((scenario) => scenario.check))]

async function judge(server: RunningServer, only: ReadonlyArray<string>, seed: number): Promise<RunResult> {
  try {
    return await runContract({
      targetName: 'wire',
      baseUrl: server.baseUrl,
      messagesBaseUrl: server.messagesBaseUrl,
      apiKey: developmentApiKey,
      only,
      explore: { seed },
    })
  } finally {
    await server.close()
  }
}

const findings = (result: RunResult) =>
  [result.setup, ...result.scenarios].flatMap((s) => failuresOf(s).map(({ result: f }) => `[${f.check}] ${f.message}`))

it('names a variant for every check of the wire group', () => {
  const caught = new Set(
    [...wireFaultyVariants, ...rfc9112FaultyVariants, ...messageFaultyVariants].map((variant) => variant.caughtBy),
  )
  expect(wireChecks.filter((check) => !caught.has(check))).toEqual([])
})

// Each variant is caught by its check under every proof seed: test/ledger/ledger-variants.test.ts.

it(
  'passes the standalone mock over HTTP on every wire check with no finding',
  async () => {
    const server = await startPetStoreServer()
    const origin = new URL(server.baseUrl).origin
    const result = await judge(server, wireChecks, 1)
    expect(findings(result)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(result.findings).toEqual({ violations: 0, deviations: 0 })
    // Skipped only where the check needs TLS, saying so; the corpus's https shape judges it on every server.
    const skipped = result.scenarios.filter((scenario) => scenario.outcome === 'skipped')
    expect(skipped.filter((scenario) => scenario.reason !== noTlsReason(origin))).toEqual([])
    expect(new Set(skipped.map((scenario) => scenario.check))).toEqual(new Set(['tls_records']))
  },
  scaledMs(30_000),
)

it(
  'passes the hand-written server with no defect on the checks its faulty ones are each one change of',
  async () => {
    const checks = [...new Set(wireFaultyVariants.map((variant) => variant.caughtBy))]
    const result = await judge(await startWireServer(), checks, 1)
    expect(findings(result)).toEqual([])
    expect(result.findings).toEqual({ violations: 0, deviations: 0 })
  },
  scaledMs(30_000),
)

it(
  'passes the strict hand-written server with no defect on every wire check, its defects each one change of it',
  async () => {
    const result = await judge(await startStrictWireServer(), wireChecks, 1)
    expect(findings(result)).toEqual([])
    expect(result.findings).toEqual({ violations: 0, deviations: 0 })
  },
  scaledMs(30_000),
)
