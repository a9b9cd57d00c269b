import { afterAll, expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import {
  appendSlash,
  openCopyBehindSlash,
  startTransportProxy,
  stripSlash,
  type TransportFault,
} from './transport/start-transport-proxy.ts'

const seed = useTestSeed()
const apiKey = 'redirect-variant-key-90d2'
const running: Array<RunningServer> = []

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()))
})

async function judge(fault: TransportFault, explore = {}): Promise<RunResult> {
  const proxy = await startTransportProxy(apiKey, fault)
  running.push(proxy)
  return runContract({
    targetName: 'redirecting',
    baseUrl: proxy.baseUrl,
    messagesBaseUrl: proxy.messagesBaseUrl,
    apiKey,
    explore: { seed, ...explore },
  })
}

const findings = (result: RunResult, of: typeof failuresOf) =>
  [result.setup, ...result.scenarios].flatMap((scenario) => of(scenario))

// A server that answers every documented request with a redirect within its own origin, to the form with a
// trailing slash that it serves. Followed silently, the run would judge the answers behind the redirects and call
// it conformant; no operation lists a 3xx, so each redirect is a violation, and nothing is sent twice.
it.each([301, 302, 307, 308])(
  'fails a server that redirects every documented request with %i within its origin',
  async (status) => {
    const result = await judge(appendSlash(status), { maxExamples: 5, timeBudgetMs: 5_000 })
    expect(result.exitCode).toBe(1)
    const redirects = findings(result, failuresOf).filter(
      ({ result: finding }) => finding.check === 'status_code_documented',
    )
    expect(redirects.length).toBeGreaterThan(0)
    expect(redirects[0]?.result).toMatchObject({
      level: 'violation',
      message: expect.stringMatching(new RegExp(`^${status} is not documented for \\w+ \\(a redirect to /v1/\\S*/`)),
    })
    expect(redirects[0]?.exchange?.response?.redirects).toBeUndefined()
  },
  scaledMs(60_000),
)

// A request form the interface does not describe may be redirected: at most a deviation, and the check that the
// key is still needed follows the redirect within the origin.
it('passes a server that redirects a trailing slash to the path without it: a deviation', async () => {
  const result = await judge(stripSlash)
  expect(findings(result, failuresOf).map(({ result: finding }) => finding.message)).toEqual([])
  expect(result.exitCode).toBe(0)
  const redirects = findings(result, warningsOf).filter(
    ({ result: finding }) => finding.check === 'generated_path_auth',
  )
  expect(redirects.map(({ result: finding }) => finding.message)).toContainEqual(
    expect.stringMatching(
      /^listPets with a trailing slash answers with a redirect \(301 to http:\/\/127\.0\.0\.1:\d+\/v1\/pets\)/,
    ),
  )
  expect(redirects[0]?.result).toMatchObject({ level: 'deviation', basis: { source: 'x-mock-behaviour' } })
})

it('fails a server whose trailing slash redirects to a copy that needs no key', async () => {
  const result = await judge(openCopyBehindSlash(apiKey))
  expect(result.exitCode).toBe(1)
  const leaks = findings(result, failuresOf).filter(({ result: finding }) => finding.check === 'generated_path_auth')
  expect(leaks[0]?.result.message).toMatch(/with a trailing slash answers 200 after 302 to http:\S+\/open\/v1\/pets/)
})
