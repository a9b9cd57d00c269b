import { expect, it } from 'vitest'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { compareWithMock } from '../../contract-tests/compare/compare-with-mock.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'

/** A target that makes other allowed choices: 200 for a create, a default status, an extra field, newest first. */
function otherChoices(fetch: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, init)
    const method = (init?.method ?? 'GET').toUpperCase()
    if (!response.ok || !/\/pets(\?|$)/.test(input)) return response
    const body = await response.json()
    if (method === 'POST')
      return new Response(stringifyJson({ status: 'available', ...body, tags: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    return new Response(stringifyJson([...body].reverse()), { headers: { 'content-type': 'application/json' } })
  }
}

/** The named scenarios of `createPet` and `listPets`, run against the wrapped mock, then against the mock itself. */
async function compare(wrap: (fetch: FetchLike) => FetchLike) {
  const run = (targetName: string, fetch: FetchLike) =>
    runContract({
      targetName,
      baseUrl: `http://${targetName}.test/v1`,
      messagesBaseUrl: `http://${targetName}.test`,
      apiKey: developmentApiKey,
      fetch,
      scenarios: selectScenarios(['createPet', 'listPets']).flatMap((group) =>
        group.scenarios.filter((scenario) => !scenario.explores),
      ),
    })
  const target = await run('other', wrap((await createPetStoreMock()).fetch))
  const mock = await run('mock', (await createPetStoreMock()).fetch)
  return { ...target, comparison: compareWithMock(target, mock) }
}

it('lists where a target answers differently from the mock where the interface leaves it open', async () => {
  const result = await compare(otherChoices)
  const kinds = new Set(result.comparison?.map((difference) => `${difference.kind} ${difference.operationId}`))
  expect(kinds).toEqual(
    new Set(['status createPet', 'default status createPet', 'extra fields createPet', 'order listPets']),
  )
  const status = result.comparison?.find((difference) => difference.kind === 'status')
  expect(status?.detail).toBe('the target answers 200, the mock 201')
})

it('finds no difference between the mock and itself', async () => {
  const result = await compare((fetch) => fetch)
  expect(result.comparison).toEqual([])
})

it('shows the comparison and the coverage in the HTML report', async () => {
  const { htmlReport } = await import('../../contract-tests/reports/html-report.ts')
  const page = htmlReport(await compare(otherChoices))
  expect(page).toContain('<h2>Compared with the mock <span class="count">4</span></h2>')
  expect(page).toContain('the target answers 200, the mock 201')
  expect(page).toMatch(/<h2>Coverage <span class="count">[\d.]+%<\/span><\/h2>/)
})
