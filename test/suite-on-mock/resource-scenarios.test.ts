import { expect, it } from 'vitest'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { openSession } from '../../contract-tests/run/open-session.ts'
import { runScenario } from '../../contract-tests/run/run-scenario.ts'
import { resourceGroups } from '../../contract-tests/scenarios/resource-scenarios.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { resourceList } from '../../spec/resources.ts'

// The generic named checks of each kind of resource, built from its row of spec/resources.ts: run here on the spec's
// own kind against the in-process mock (a new kind's registry entries are these same groups).

const operationsOf = (resource: (typeof resourceList)[number]) =>
  [resource.list?.operationId, resource.creator, resource.read?.operationId].flatMap((id) => (id ? [id] : []))

it("groups a list's, a create's and a read's checks under the operation, each check of its own operation", () => {
  for (const resource of resourceList)
    for (const operationId of operationsOf(resource)) {
      const groups = resourceGroups(operationId)
      expect(groups.map((group) => group.name)).toEqual([operationId])
      for (const scenario of groups.flatMap((group) => group.scenarios)) expect(scenario.operationId).toBe(operationId)
    }
})

it('passes every generic check of every kind on the mock', async () => {
  const mock = await createPetStoreMock()
  const options = {
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
  }
  const { session, settled } = await openSession({ ...options, fetch: mock.fetch as FetchLike })
  if (!session) throw new Error('Failed to open a session on the mock.')
  const outcomes: Array<string> = []
  for (const resource of resourceList)
    for (const scenario of operationsOf(resource).flatMap(
      (operationId) => resourceGroups(operationId)[0]?.scenarios ?? [],
    ))
      outcomes.push(`${scenario.title}: ${(await runScenario(scenario, session)).outcome}`)
  await settled()
  expect(outcomes.length).toBeGreaterThan(0)
  expect(outcomes.filter((outcome) => !outcome.endsWith(': passed'))).toEqual([])
})
