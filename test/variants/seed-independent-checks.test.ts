import { expect, it } from 'vitest'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { exploreOptions } from '../../contract-tests/generate/explore-options.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { selectableNames, selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { proofSeeds } from './proof-seeds.ts'
import { goodMock, serveVariant } from './variant.ts'

// The proofs (test/ledger/ledger-variants.test.ts) and the corpus (test/corpus/) run a selection that explores
// nothing under one seed only, as standing for all ten: this holds only while such a selection sends the same
// requests whatever the seed. Two runs of every check that explores nothing, under two proof seeds, each against a
// fresh mock: the same requests, the same verdicts.
const exploring = new Set(
  selectScenarios([], exploreOptions({ seed: 1 })).flatMap((group) =>
    group.scenarios.filter((scenario) => scenario.explores).map(({ check }) => check),
  ),
)
const deterministic = selectableNames.filter(
  (name) =>
    !exploring.has(name) &&
    selectScenarios([name], exploreOptions({ seed: 1 })).every((group) =>
      group.scenarios.every((scenario) => !scenario.explores),
    ),
)

async function requestsUnder(seed: number): Promise<{ requests: Array<string>; exitCode: number }> {
  const served = await serveVariant(goodMock)
  const requests: Array<string> = []
  const recording: FetchLike = async (input, init) => {
    const url = new URL(String(input))
    const body = typeof init?.body === 'string' ? init.body : ''
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search} ${body}`)
    return served(input, init)
  }
  const result = await runContract({
    targetName: `seed ${seed}`,
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: recording,
    only: deterministic,
    explore: { seed },
  })
  // Each run names what it creates after itself, a tag that differs from run to run by design, sent as is or with
  // every character escaped (\\u0063...).
  const tag = result.created?.runTag ?? ''
  const escaped = [...tag].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
  const untagged = requests.map((line) => line.replaceAll(tag, '<run>').replaceAll(escaped, '<run>'))
  return { requests: untagged.sort(), exitCode: result.exitCode }
}

it('sends the same requests under every seed when the checks selected explore nothing', async () => {
  expect(deterministic.length).toBeGreaterThan(50)
  const [first, second] = await Promise.all([
    requestsUnder(proofSeeds[0] as number),
    requestsUnder(proofSeeds[9] as number),
  ])
  expect(first?.exitCode).toBe(0)
  expect(second?.exitCode).toBe(0)
  expect(second?.requests).toEqual(first?.requests)
})
