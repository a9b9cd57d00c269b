import { expect, it } from 'vitest'
import { consoleSummary } from '../../contract-tests/reports/console-summary.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'

async function runAt(baseUrl: string, wrap: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f) {
  const mock = await createPetStoreMock()
  return runContract({
    targetName: 'url',
    baseUrl,
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: wrap(mock.fetch as typeof globalThis.fetch),
  })
}

it('says in one line that the base URL is probably wrong when every answer is a route 404, and exits 2', async () => {
  const result = await runAt('http://petstore.test')
  expect(result.exitCode).toBe(2)
  const summary = consoleSummary(result)
  expect(summary.split('\n')).toHaveLength(1)
  expect(summary).toContain('The base URL is probably wrong')
  expect(summary).toContain('http://petstore.test/pets')
  expect(result.scenarios.every((scenario) => scenario.outcome === 'skipped')).toBe(true)
})

it('says the same of a target that answers every request with an HTML page', async () => {
  const html = () => async () =>
    new Response('<html><body>Welcome</body></html>', { headers: { 'content-type': 'text/html' } })
  const result = await runAt('http://petstore.test/v1', html)
  expect(result.exitCode).toBe(2)
  // Every answer of the setup, however many requests it sends (one list and some creates per kind of resource).
  const [, seen, of] = /^The base URL is probably wrong: (\d+) of (\d+) answers were a 404 or an HTML page/.exec(
    result.targetError ?? '',
  ) ?? ['', 'none', 'of none']
  expect(Number(seen)).toBeGreaterThan(0)
  expect(seen).toBe(of)
})

it('judges a target that answers JSON as usual, whatever it gets wrong', async () => {
  const result = await runAt('http://petstore.test/v1')
  expect(result.exitCode).toBe(0)
  expect(result.coverage?.ratio).toBe(1)
})
