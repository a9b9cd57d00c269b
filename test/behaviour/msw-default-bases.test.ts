import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'

// The default bases: the pets API under /v1 of any origin, the messages API at the root of any origin.
// The messages base claims every origin's root, so the handlers must take only the paths the mock routes.
const mock = await createPetStoreMock()
const server = setupServer(
  ...mock.handlers,
  http.get('https://app.example.test/config.json', () => HttpResponse.json({ app: true })),
  http.post('https://other.example.test/events', () => new HttpResponse(null, { status: 204 })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const auth = { authorization: `Bearer ${developmentApiKey}` }

it('leaves the app its own requests at the root of any origin', async () => {
  expect(await (await fetch('https://app.example.test/config.json')).json()).toEqual({ app: true })
  expect((await fetch('https://other.example.test/events', { method: 'POST' })).status).toBe(204)
})

it('answers the messages API at the root of any origin', async () => {
  const response = await fetch('https://any.example.test/messages', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"message":"hi"}',
  })
  expect(response.status).toBe(202)
})

it('answers every unknown path under /v1 with a 404 Error', async () => {
  const response = await fetch('https://any.example.test/v1/unknown/thing', { headers: auth })
  expect(response.status).toBe(404)
  expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 })
})

it('answers a malformed percent-escape under /v1 rather than throwing', async () => {
  const response = await fetch('https://any.example.test/v1/pets/%E0%A4%A', { headers: auth })
  expect(response.status).toBe(400)
  expect(await response.json()).toMatchObject({ code: 'invalid_parameter', status: 400 })
})
