import { expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { operations } from '../../spec/operations.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { startSplitOrigins } from './split-origins.ts'
import { startWireServer } from './wire-server.ts'

const seed = useTestSeed()

it(
  'passes a conformant deployment whose messages API has an origin of its own, each request sent to its own API',
  async () => {
    const server = await startSplitOrigins()
    try {
      const result = await runContract({
        targetName: 'split-origins',
        ...server,
        apiKey: developmentApiKey,
        explore: { seed },
      })
      const all = [result.setup, ...result.scenarios]
      const findings = all.flatMap((scenario) =>
        [...failuresOf(scenario), ...warningsOf(scenario)].map(({ result: f }) => `[${f.check}] ${f.message}`),
      )
      expect(findings).toEqual([])
      expect(result.exitCode).toBe(0)
      // The wire checks ran on both origins, the messages API's connection included.
      const framing = all.find(
        (scenario) => scenario.check === 'request_framing' && scenario.operationId === 'sendMessage',
      )
      expect(framing?.outcome).toBe('passed')
      const bases = { pets: new URL(server.baseUrl).origin, messages: new URL(server.messagesBaseUrl).origin }
      const astray = all.flatMap((scenario) =>
        scenario.exchanges
          .filter((exchange) => new URL(exchange.request.url).origin !== bases[operations[exchange.operationId].base])
          .map(
            (exchange) =>
              `${scenario.check}: ${exchange.operationId} ${exchange.request.method} ${exchange.request.url}`,
          ),
      )
      expect(astray).toEqual([])
      expect(framing?.exchanges.some((exchange) => exchange.request.method === 'GET')).toBe(true)
    } finally {
      await server.close()
    }
  },
  scaledMs(120_000),
)

it(
  'still catches, on the messages API of its own origin, a parser that reads a body by Content-Length over chunked',
  async () => {
    const server = await startSplitOrigins(() => startWireServer({ lengthFirst: true }))
    try {
      const result = await runContract({
        targetName: 'split-origins-length-first',
        ...server,
        apiKey: developmentApiKey,
        only: ['request_framing'],
        explore: { seed },
      })
      const framing = result.scenarios.find((scenario) => scenario.operationId === 'sendMessage')
      expect(failuresOf(framing!).map(({ result: f }) => f.message)).toContainEqual(
        expect.stringMatching(/^the request written after sendMessage with Transfer-Encoding: chunked .* not its own/),
      )
      expect(result.exitCode).toBe(1)
    } finally {
      await server.close()
    }
  },
  scaledMs(60_000),
)
