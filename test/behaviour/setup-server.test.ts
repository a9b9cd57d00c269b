import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'

// The usual msw set-up for a user's own tests: the same handlers intercept the global fetch.
const mock = await createPetStoreMock({
  baseUrl: 'https://api.example.test/v1',
  messagesBaseUrl: 'https://messages.example.test',
})
const server = setupServer(...mock.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const auth = { authorization: 'Bearer petstore-dev-key' }

it('answers the global fetch for the configured base URL', async () => {
  const response = await fetch('https://api.example.test/v1/pets?limit=3', { headers: auth })
  expect(response.status).toBe(200)
  expect(await response.json()).toHaveLength(3)
})

it('creates through the global fetch and serves the pet back', async () => {
  const created = await fetch('https://api.example.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Nala', categoryId: 4 }),
  })
  expect(created.status).toBe(201)
  const pet = await created.json()
  expect(await (await fetch(`https://api.example.test/v1/pets/${pet.id}`, { headers: auth })).json()).toEqual(pet)
})

it('serves the messages API at its own base URL', async () => {
  const response = await fetch('https://messages.example.test/messages', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"message":"hi"}',
  })
  expect(response.status).toBe(202)
})

it('answers an unknown path under the base URL with a 404 Error', async () => {
  const response = await fetch('https://api.example.test/v1/nothing-here', { headers: auth })
  expect(response.status).toBe(404)
  expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 })
})

it('lets a handler the test puts in front override the mock', async () => {
  server.use(http.get('https://api.example.test/v1/pets', () => HttpResponse.json([], { status: 503 })))
  try {
    const response = await fetch('https://api.example.test/v1/pets', { headers: auth })
    expect(response.status).toBe(503)
  } finally {
    server.resetHandlers()
  }
  expect((await fetch('https://api.example.test/v1/pets?limit=1', { headers: auth })).status).toBe(200)
})
