import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { type StubServer, startStubServer } from '../support/start-stub-server.ts'

// A request the mock does not own must reach msw's unhandled-request strategy: with 'error', it fails and never
// leaves the process (a path with a file extension would not do: msw lets what looks like a static asset pass).
// The stub on 127.0.0.1 stands for the real network: it would answer 200 if reached.
let stub: StubServer
const defaultBases = setupServer(...(await createPetStoreMock()).handlers)
const pinnedBases = setupServer(
  ...(await createPetStoreMock({ baseUrl: 'https://api.example.test/v1', messagesBaseUrl: 'https://msg.example.test' }))
    .handlers,
)
const auth = { authorization: `Bearer ${developmentApiKey}` }
const unhandledErrors = vi.spyOn(console, 'error').mockImplementation(() => {})

beforeAll(async () => {
  stub = await startStubServer((_request, response) => response.end('the real network'))
})
afterEach(() => {
  defaultBases.close()
  pinnedBases.close()
  unhandledErrors.mockClear()
  stub.received.length = 0
})
afterAll(async () => {
  unhandledErrors.mockRestore()
  await stub.close()
})

it('fails a request to another origin with the default bases, and sends nothing', async () => {
  defaultBases.listen({ onUnhandledRequest: 'error' })
  await expect(fetch(`${stub.url}/health`)).rejects.toThrow()
  expect(stub.received).toEqual([])
  expect(String(unhandledErrors.mock.calls[0]?.[0])).toContain(`GET ${stub.url}/health`)
})

it('answers the pets and messages paths of any origin with the default bases', async () => {
  defaultBases.listen({ onUnhandledRequest: 'error' })
  expect((await fetch(`${stub.url}/v1/pets?limit=1`, { headers: auth })).status).toBe(200)
  expect((await fetch(`${stub.url}/v1/no-such-path`, { headers: auth })).status).toBe(404)
  const preflight = await fetch(`${stub.url}/messages`, { method: 'OPTIONS' })
  expect(preflight.status).toBe(204)
  expect(stub.received).toEqual([])
})

it('fails every request off the pinned bases, /v1 and /messages of another origin included', async () => {
  pinnedBases.listen({ onUnhandledRequest: 'error' })
  for (const path of ['/v1/pets', '/messages', '/']) await expect(fetch(`${stub.url}${path}`)).rejects.toThrow()
  await expect(fetch('https://msg.example.test/v1/pets')).rejects.toThrow()
  expect(stub.received).toEqual([])
  expect(unhandledErrors).toHaveBeenCalledTimes(4)
})

it('answers under the pinned bases: routes, 404, 405 and HEAD', async () => {
  pinnedBases.listen({ onUnhandledRequest: 'error' })
  expect((await fetch('https://api.example.test/v1/pets/1', { headers: auth })).status).toBe(200)
  expect((await fetch('https://api.example.test/v1/elsewhere', { headers: auth })).status).toBe(404)
  expect((await fetch('https://api.example.test/v1/pets', { method: 'DELETE', headers: auth })).status).toBe(405)
  const head = await fetch('https://api.example.test/v1/pets', { method: 'HEAD', headers: auth })
  expect([head.status, await head.text()]).toEqual([200, ''])
  expect((await fetch('https://msg.example.test/messages', { method: 'GET', headers: auth })).status).toBe(405)
  expect(unhandledErrors).not.toHaveBeenCalled()
})
