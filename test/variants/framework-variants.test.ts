import { afterAll, expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { expressServer } from './frameworks/express-server.ts'
import { fastifyServer } from './frameworks/fastify-server.ts'
import { honoServer } from './frameworks/hono-server.ts'
import { koaServer } from './frameworks/koa-server.ts'
import type { RunningServer } from './frameworks/running-server.ts'

const seed = useTestSeed()

// Independent implementations of the interface, each written the way its framework leads a team to, each
// making its own choices where the interface is silent. Each runs on loopback and is judged over real HTTP.
const frameworks: ReadonlyArray<{
  name: string
  start: (apiKey: string) => Promise<RunningServer>
  deviates: boolean
}> = [
  { name: 'express', start: expressServer, deviates: true },
  { name: 'fastify', start: fastifyServer, deviates: true },
  { name: 'hono', start: honoServer, deviates: true },
  { name: 'koa', start: koaServer, deviates: true },
]

const apiKey = 'framework-variant-key-4c1d9e'
const running: Array<RunningServer> = []

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()))
})

async function judge(start: (apiKey: string) => Promise<RunningServer>, strict: boolean): Promise<RunResult> {
  const server = await start(apiKey)
  running.push(server)
  const { baseUrl, messagesBaseUrl } = server
  return runContract({
    targetName: 'framework',
    baseUrl,
    messagesBaseUrl,
    apiKey,
    strict,
    explore: { seed },
  })
}

/** Each finding of a kind once, with where it was found. */
function findings(result: RunResult, of: typeof failuresOf): Array<string> {
  const lines = [result.setup, ...result.scenarios].flatMap((scenario) =>
    of(scenario).map(({ result: finding }) => `${scenario.title}: [${finding.check}] ${finding.message}`),
  )
  return [...new Set(lines)]
}

it.each(frameworks.map((framework) => [framework.name, framework] as const))(
  'passes the %s server by default and lists where it deviates from the spec',
  async (name, { start, deviates }) => {
    const result = await judge(start, false)
    const deviations = findings(result, warningsOf)
    console.log(`${name}: ${result.durationMs} ms, ${deviations.length} deviations\n  ${deviations.join('\n  ')}`)
    expect(findings(result, failuresOf)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(result.findings.violations).toBe(0)
    if (deviates) expect(result.findings.deviations).toBeGreaterThan(0)
  },
  90_000,
)

it.each(frameworks.map((framework) => [framework.name, framework] as const))(
  'judges the %s server under --strict: fails it exactly when it deviates from the spec',
  async (_name, { start, deviates }) => {
    const result = await judge(start, true)
    const failures = [result.setup, ...result.scenarios].flatMap((scenario) => failuresOf(scenario))
    const violations = failures.filter(({ result: failure }) => failure.level !== 'deviation')
    const why = violations.map(({ result: failure }) => failure.message).join('\n')
    expect(result.exitCode, why).toBe(deviates ? 1 : 0)
    const levels = failures.map(({ result: failure }) => failure.level)
    // Under --strict only deviations fail: a conformant implementation never breaks the interface.
    expect(new Set(levels), why).toEqual(new Set(deviates ? ['deviation'] : []))
  },
  90_000,
)
