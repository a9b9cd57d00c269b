import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import { bodyLimit, startTransportProxy, type TransportFault } from './transport/start-transport-proxy.ts'

const seed = useTestSeed()
const apiKey = 'transport-variant-key-58e1'
const running: Array<RunningServer> = []

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()))
})

// Conformant servers whose one difference is at the transport, judged over real HTTP on loopback: each gets a
// verdict, and nothing the transport did is taken for a broken promise of the interface.
async function judge(fault: TransportFault): Promise<{ result: RunResult; closed: number }> {
  const proxy = await startTransportProxy(apiKey, fault)
  running.push(proxy)
  const result = await runContract({
    targetName: 'transport variant',
    baseUrl: proxy.baseUrl,
    messagesBaseUrl: proxy.messagesBaseUrl,
    apiKey,
    explore: { seed },
  })
  return { result, closed: proxy.closed() }
}

const findings = (result: RunResult, of: typeof failuresOf): Array<string> =>
  [result.setup, ...result.scenarios].flatMap((scenario) =>
    of(scenario).map(({ result: finding }) => `${scenario.title}: [${finding.check}] ${finding.message}`),
  )

const sizeOf = (text: string | undefined): number => Number(text?.replaceAll(',', ''))

it.each([
  ['64 KB', 64 * 1024],
  ['256 KB', 256 * 1024],
  ['1 MB', 1_000_000],
])(
  'passes a server that closes the connection on a body above %s, listing the limit as a deviation',
  async (_name, limit) => {
    const { result, closed } = await judge(bodyLimit(limit))
    expect(findings(result, failuresOf)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(closed).toBeGreaterThan(0)
    const limits = findings(result, warningsOf).filter((line) => line.includes('closes the connection'))
    expect(limits).toHaveLength(1)
    const [, refused, answered] =
      /on a request body of ([\d,]+) bytes or more .* the largest body it answered: ([\d,]+) bytes/.exec(
        limits[0] ?? '',
      ) ?? []
    expect(sizeOf(refused)).toBeGreaterThan(limit)
    expect(sizeOf(answered)).toBeLessThanOrEqual(limit)
    // Explained by the limit, the refused requests leave nothing unjudged.
    expect(result.scenarios.filter((scenario) => scenario.outcome === 'error')).toEqual([])
    expect(result.verdictNote).toBeUndefined()
  },
  scaledMs(120_000),
)

it(
  'judges everything else on a server that resets one request in fifty at random',
  async () => {
    const draws = fc.sample(fc.integer({ min: 0, max: 49 }), { seed, numRuns: 20_000 })
    let request = 0
    const { result, closed } = await judge(() => (draws[request++ % draws.length] === 0 ? 'close' : 'pass'))
    const unjudged = result.scenarios.filter((scenario) => scenario.outcome === 'error')
    const why = unjudged.map((scenario) => `${scenario.title}: ${scenario.reason}`).join('\n')
    console.log(`${closed} of ${request} requests reset; ${unjudged.length} checks not judged\n${why}`)
    expect(closed).toBeGreaterThan(2)
    expect(findings(result, failuresOf)).toEqual([])
    expect(result.exitCode, why).toBe(0)
    expect(unjudged.length).toBeLessThanOrEqual(Math.max(1, result.scenarios.length / 10))
    expect(result.scenarios.filter((scenario) => scenario.outcome === 'passed').length).toBeGreaterThan(
      result.scenarios.length * 0.9 - 1,
    )
  },
  scaledMs(120_000),
)
