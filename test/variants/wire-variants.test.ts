import { expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { wireScenarios } from '../../contract-tests/standards/wire-scenarios.ts'
import { developmentApiKey } from '../../mocks/core/development-api-key.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import type { RunningServer } from './frameworks/running-server.ts'
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

it('names a variant for every check of the wire group, each check once', () => {
  expect(wireFaultyVariants.map((variant) => variant.caughtBy).sort()).toEqual([...wireChecks].sort())
})

// Each variant is caught by its check under every proof seed: test/ledger/ledger-variants.test.ts.

it(
  'passes the standalone mock over HTTP on every wire check with no finding',
  async () => {
    const result = await judge(await startPetStoreServer(), wireChecks, 1)
    expect(findings(result)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(result.findings).toEqual({ violations: 0, deviations: 0 })
    expect(result.scenarios.filter((scenario) => scenario.outcome === 'skipped')).toEqual([])
  },
  scaledMs(30_000),
)

it(
  'passes the hand-written server with no defect, which the faulty ones are each one change of',
  async () => {
    const result = await judge(await startWireServer(), wireChecks, 1)
    expect(findings(result)).toEqual([])
    expect(result.findings).toEqual({ violations: 0, deviations: 0 })
  },
  scaledMs(30_000),
)
