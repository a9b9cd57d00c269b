import { expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { semanticsScenarios } from '../../contract-tests/standards/semantics-scenarios.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'

const checks = [...new Set(semanticsScenarios.map((scenario) => scenario.check))]

// Each faulty variant of these checks is caught under every proof seed: test/ledger/ledger-variants.test.ts.

it(
  'passes the standalone mock on every expectation, version, host, target and coding check, none skipped',
  async () => {
    const server = await startPetStoreServer()
    try {
      const result = await runContract({
        targetName: 'mock',
        baseUrl: server.baseUrl,
        messagesBaseUrl: server.messagesBaseUrl,
        apiKey: developmentApiKey,
        only: checks,
        explore: { seed: 1 },
      })
      const findings = [result.setup, ...result.scenarios].flatMap((s) =>
        [...failuresOf(s), ...warningsOf(s)].map(({ result: f }) => `[${f.check}] ${f.message}`),
      )
      expect(findings).toEqual([])
      expect(result.exitCode).toBe(0)
      expect(result.scenarios.filter((scenario) => scenario.outcome === 'skipped')).toEqual([])
      expect(new Set(result.scenarios.map((scenario) => scenario.check))).toEqual(new Set(checks))
    } finally {
      await server.close()
    }
  },
  scaledMs(30_000),
)
