import { expect, it } from 'vitest'
import { consoleSummary } from '../../contract-tests/reports/console-summary.ts'
import { htmlReport } from '../../contract-tests/reports/html-report.ts'
import { junitReport } from '../../contract-tests/reports/junit-report.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { Scenario } from '../../contract-tests/shared/scenario.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'

const petUrl = (id: number): string => `http://petstore.test/v1/pets/${id}`

// Reads pets 1, 2 and 3, and finds fault with the first: the last request is not the one that failed.
function readsThreePets(options: { namesTheExchange: boolean }): Scenario {
  return {
    check: 'reads_three_pets',
    title: 'getPet answers pets 1, 2 and 3',
    operationId: 'getPet',
    basis: { source: 'interface', text: 'Returns one animal by identifier.' },
    writes: false,
    async run({ client, assert }) {
      const exchanges = []
      for (const petId of [1, 2, 3]) exchanges.push(await client.call('getPet', { params: { petId } }))
      const exchange = options.namesTheExchange ? exchanges[0] : undefined
      assert(false, { message: 'pet 1 is not the pet asked for', expected: 'pet 2', received: 'pet 1', exchange })
    },
  }
}

async function runScenario(scenario: Scenario) {
  const mock = await createPetStoreMock()
  const result = await runContract({
    targetName: 'mock',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: mock.fetch,
    readOnly: true,
    scenarios: [scenario],
  })
  expect(result.scenarios[0]?.exchanges.map(({ request }) => request.url)).toEqual([1, 2, 3].map(petUrl))
  return result
}

const reproduced = (text: string): Array<string> =>
  [...text.matchAll(/reproduce: curl -sS -i (?:'|&#39;)(http:[^'&]+)/g)].map(([, url]) => url!)

it('reproduces the request a failed assertion judged, not the last one its scenario sent', async () => {
  const result = await runScenario(readsThreePets({ namesTheExchange: true }))
  const text = consoleSummary(result)
  expect(text).toContain(`✗ [reads_three_pets] pet 1 is not the pet asked for (GET ${petUrl(1)})`)
  expect(reproduced(text)).toEqual([petUrl(1)])
  expect(reproduced(junitReport(result))).toEqual([petUrl(1)])
  const page = htmlReport(result)
  const failures = page.slice(page.indexOf('<section id="failures">'), page.indexOf('<section id="warnings">'))
  expect([...failures.matchAll(/curl -sS -i &#39;(http:[^&]+)&#39;/g)].map(([, url]) => url)).toEqual([petUrl(1)])
})

it('prints no curl line rather than a wrong one when a failure names no request of several', async () => {
  const text = consoleSummary(await runScenario(readsThreePets({ namesTheExchange: false })))
  expect(text).toContain('✗ [reads_three_pets] pet 1 is not the pet asked for\n')
  expect(reproduced(text)).toEqual([])
})
