import { afterEach, expect, it } from 'vitest'
import { createPetStoreMock } from '../create-pet-store-mock.ts'
import { decodeBase64, encodeBase64 } from './base64.ts'
import { type BridgedRequest, type FixtureBridge, fixtureBridgeName } from './fixture-bridge.ts'

const auth = { authorization: 'Bearer petstore-dev-key' }
const page = globalThis as Record<string, unknown>

/** Stands for a page under the Playwright fixture: the handlers find the bridge where the binding would be. */
function underFixture(bridge: FixtureBridge): Array<BridgedRequest> {
  const seen: Array<BridgedRequest> = []
  page[fixtureBridgeName] = (request: BridgedRequest) => {
    seen.push(request)
    return bridge(request)
  }
  return seen
}

afterEach(() => {
  delete page[fixtureBridgeName]
})

it("hands what the handlers claim to the fixture and answers with the fixture's answer, not its own", async () => {
  const appMock = await createPetStoreMock({ seed: 1 })
  const seen = underFixture(async () => ({
    kind: 'response',
    status: 503,
    headers: [['content-type', 'application/json']],
    body: encodeBase64(new TextEncoder().encode('{"from":"the test"}')),
  }))
  const answer = await appMock.fetch('http://app.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"Rex","categoryId":9223372036854775807}',
  })
  expect([answer.status, await answer.json()]).toEqual([503, { from: 'the test' }])
  expect(seen).toHaveLength(1)
  expect(seen[0]).toMatchObject({ url: 'http://app.test/v1/pets', method: 'POST' })
  expect(new TextDecoder().decode(decodeBase64(seen[0]?.body ?? ''))).toBe(
    '{"name":"Rex","categoryId":9223372036854775807}',
  )
  expect(seen[0]?.headers).toContainEqual(['authorization', 'Bearer petstore-dev-key'])
  // Its own store never saw the pet.
  expect(appMock.state.get().pets).toHaveLength(50)
})

it('builds a bodiless answer (a 204 to a HEAD) without a body', async () => {
  const appMock = await createPetStoreMock()
  underFixture(async () => ({ kind: 'response', status: 204, headers: [], body: null }))
  const answer = await appMock.fetch('http://app.test/v1/pets', { method: 'HEAD', headers: auth })
  expect([answer.status, await answer.text()]).toEqual([204, ''])
})

it('fails the request, never answering it itself, when the fixture says so or its bridge breaks', async () => {
  const appMock = await createPetStoreMock()
  underFixture(async () => ({ kind: 'network-error' }))
  await expect(appMock.fetch('http://app.test/v1/pets', { headers: auth })).rejects.toThrow(TypeError)
  underFixture(() => Promise.reject(new Error('Target page, context or browser has been closed')))
  await expect(appMock.fetch('http://app.test/v1/pets', { headers: auth })).rejects.toThrow(TypeError)
})

it('leaves requests the handlers do not claim alone', async () => {
  const appMock = await createPetStoreMock({ baseUrl: 'https://api.example.com/v1' })
  const seen = underFixture(async () => ({ kind: 'network-error' }))
  // The in-process fetch answers a request no handler takes with its own 404.
  const answer = await appMock.fetch('http://app.test/v1/pets', { headers: auth })
  expect(answer.status).toBe(404)
  expect(seen).toEqual([])
})
