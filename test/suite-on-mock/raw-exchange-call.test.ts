import { expect, it } from 'vitest'
import { ContractClient } from '../../contract-tests/client/contract-client.ts'
import { wireOutcomeOf } from '../../contract-tests/client/raw-exchange-call.ts'
import { OtherOriginOnConnection } from '../../contract-tests/client/target-error.ts'
import { redact } from '../../contract-tests/reports/redact.ts'
import { ScenarioSkipped } from '../../contract-tests/shared/scenario.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'

it('records and counts each request written on the wire, its fields as written, the key redacted', async () => {
  const mock = await startPetStoreServer()
  try {
    const client = new ContractClient({ ...mock, apiKey: developmentApiKey, timeoutMs: 5_000 })
    const upper = (name: string) => name.toUpperCase()
    const first = await client.call('createPet', {
      json: { name: 'wire', categoryId: 1 },
      wire: { fieldName: upper, pipelined: [{ operationId: 'listPets', options: { query: 'limit=1' } }] },
    })
    const outcome = wireOutcomeOf(first)
    expect(outcome?.exchanges.map((exchange) => exchange.response?.status)).toEqual([201, 200])
    expect(client.exchanges).toEqual(outcome?.exchanges)
    expect(first.request.headers.AUTHORIZATION).toBe(`Bearer ${developmentApiKey}`)
    expect(JSON.stringify(redact(first, [developmentApiKey]))).not.toContain(developmentApiKey)
    expect(client.unsafeRequestsSent).toBe(1)
    expect(client.coverageHits.map((hit) => [hit.operationId, hit.status])).toEqual([
      ['createPet', 201],
      ['listPets', 200],
    ])
  } finally {
    await mock.close()
  }
})

it('skips, saying so, where the target is reached in-process and has no wire', async () => {
  const mock = await createPetStoreMock()
  const client = new ContractClient({
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: mock.fetch,
  })
  await expect(client.call('listPets', { wire: {} })).rejects.toBeInstanceOf(ScenarioSkipped)
  expect(client.exchanges).toEqual([])
})

it('writes no request of an API with another origin on a connection, and sends nothing then', async () => {
  const mock = await startPetStoreServer()
  try {
    const messagesElsewhere = 'http://127.0.0.1:9'
    const client = new ContractClient({ ...mock, messagesBaseUrl: messagesElsewhere, apiKey: developmentApiKey })
    const pipelined = [{ operationId: 'listPets' as const }]
    const call = client.call('sendMessage', { json: { message: 'hi' }, wire: { pipelined } })
    await expect(call).rejects.toBeInstanceOf(OtherOriginOnConnection)
    await expect(call).rejects.toThrow(`on a connection to ${messagesElsewhere}`)
    expect(client.exchanges).toEqual([])
    expect(client.unsafeRequestsSent).toBe(0)
  } finally {
    await mock.close()
  }
})
