import { expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'

// Under a base URL of its own (`/api/v1`), the mock speaks of paths as its clients send them: the journal
// records them so, a rule and a journal filter take them so (the spec's `/v1/…` form too), errors name them so.
const mock = await createPetStoreMock({ baseUrl: 'https://app.example.test/api/v1' })
const auth = { authorization: `Bearer ${developmentApiKey}` }
const api = 'https://app.example.test/api/v1'

it('takes a rule written with the path the journal shows, and names that path in the forced error', async () => {
  await mock.reset()
  mock.rules.add({ method: 'GET', path: '/api/v1/pets', status: 503, times: 1 })
  const response = await mock.fetch(`${api}/pets`, { headers: auth })
  expect(response.status).toBe(503)
  expect((await response.json()).message).toBe('GET /api/v1/pets answered 503 as asked (a mock rule).')
  expect(mock.journal.list().map(({ path, status }) => ({ path, status }))).toEqual([
    { path: '/api/v1/pets', status: 503 },
  ])
})

it('still takes a rule in the spec form, and filters the journal by either template', async () => {
  await mock.reset()
  mock.rules.add({ method: 'GET', path: '/v1/pets/{petId}', status: 500, times: 1 })
  expect((await mock.fetch(`${api}/pets/3`, { headers: auth })).status).toBe(500)
  expect((await mock.fetch(`${api}/pets/4`, { headers: auth })).status).toBe(200)
  for (const path of ['/api/v1/pets/{petId}', '/v1/pets/{petId}', '/api/v1/pets/4'])
    expect(mock.journal.list({ path }).length, path).toBe(path.endsWith('4') ? 1 : 2)
})

it('lists the paths in its own form when a rule names none', () => {
  expect(() => mock.rules.add({ method: 'GET', path: '/api/v2/pets', status: 503 })).toThrow(
    'expected a method and path of the spec (GET /api/v1/pets, POST /api/v1/pets, GET /api/v1/pets/{petId}',
  )
})
