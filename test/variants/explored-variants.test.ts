import { expect, it } from 'vitest'
import { curlCommand } from '../../contract-tests/reports/curl-command.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { exploredFaultyVariants, statefulFaultyVariants } from './explored-faulty-variants.ts'
import { requestFormFaultyVariants } from './request-form-faulty-variants.ts'
import { goodMock, serveVariant, type Variant } from './variant.ts'

const seed = useTestSeed()

async function explore(variant: Variant, only: Array<string>) {
  return runContract({
    targetName: 'variant',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: await serveVariant(variant),
    only,
    explore: { seed, maxExamples: 60 },
  })
}

const faulty = [...exploredFaultyVariants, ...requestFormFaultyVariants, ...statefulFaultyVariants]

it.each(faulty.map((variant) => [variant.name, variant] as const))(
  'finds %s by exploring, with a shrunk request (or its must-try steps) and a curl line without the key',
  async (_name, variant) => {
    const result = await explore(variant, [variant.caughtBy as string])
    const failures = result.scenarios.flatMap((scenario) => failuresOf(scenario))
    expect(result.exitCode).toBe(1)
    const failure = failures.find(({ result: check }) => check.check === variant.caughtBy)
    // Shrunk by fast-check, or found by the stateful phase's must-try steps (already the shortest way there).
    expect(failure?.result.message).toMatch(/seed \d+, path [\d:]+, shrunk after \d+ steps|; must-try steps: /)
    // The one-line repro names the request the failure rests on: the URL its message ends with.
    const url = /\((?:GET|POST|HEAD|PUT|DELETE) (\S+)\)$/.exec(failure?.result.message ?? '')?.[1]
    const exchange = result.scenarios.flatMap((scenario) => scenario.exchanges).find((e) => e.request.url === url)
    expect(exchange, failure?.result.message).toBeDefined()
    const curl = curlCommand(exchange!.request)
    expect(curl).not.toContain(developmentApiKey)
    // A body that is not printable ASCII, or is long, comes from printf on stdin (runs of one byte counted: `{ …; }`).
    expect(curl).toMatch(/^(?:(?:\{ )?printf .+ \| )?curl /)
  },
)

it('passes the good mock in every exploring check', async () => {
  const result = await explore(goodMock, ['generated', 'stateful'])
  expect(result.scenarios.flatMap((scenario) => failuresOf(scenario))).toEqual([])
  expect(result.exitCode).toBe(0)
})

it('covers every check of the exploring phases with at least one faulty variant', async () => {
  const { phaseGroups } = await import('../../contract-tests/run/phase-groups.ts')
  const { defaultExploreOptions } = await import('../../contract-tests/generate/explore-options.ts')
  const checks = new Set(phaseGroups(defaultExploreOptions).flatMap((group) => group.scenarios.map((s) => s.check)))
  // The time and order checks prove themselves in test/ledger/ledger-variants.test.ts, each under ten seeds.
  const { standardFaultyVariants } = await import('./standard-faulty-variants.ts')
  const caught = new Set([...faulty, ...standardFaultyVariants].map((variant) => variant.caughtBy))
  expect([...checks].filter((check) => !caught.has(check))).toEqual([])
})

it('reports both defects of a createPet that has two, each with its own repro', async () => {
  const trim = exploredFaultyVariants.find((variant) => variant.name === 'name-trimmed')!
  const crash = requestFormFaultyVariants.find((variant) => variant.name === 'nested-extra-field-500')!
  const result = await explore({ ...trim, wrap: (fetch) => trim.wrap(crash.wrap(fetch)) }, ['generated_valid_create'])
  const messages = result.scenarios.flatMap((scenario) => failuresOf(scenario)).map(({ result: r }) => r.message)
  expect(
    messages.some((message) => /"name" came back/.test(message)),
    messages.join('\n'),
  ).toBe(true)
  expect(
    messages.some((message) => / got 500/.test(message)),
    messages.join('\n'),
  ).toBe(true)
})
