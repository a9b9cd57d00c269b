import { afterAll, beforeAll, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { petSchema } from '../../spec/schemas.ts'
import { type FuzzServer, startFuzzServer } from './start-fuzz-server.ts'

const creates = 1_000
const headers = { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' }

let server: FuzzServer
beforeAll(async () => {
  server = await startFuzzServer()
})
afterAll(() => server.mock.close())

/** Fires every create at once, then reads every created pet back by id. */
async function createAllAtOnce(
  fetchPet: typeof fetch,
  baseUrl: string,
): Promise<{ ids: Array<number>; readBack: Array<unknown>; expected: Array<unknown> }> {
  const sent = Array.from({ length: creates }, (_, index) => ({ name: `concurrent-${index}`, categoryId: index % 7 }))
  const responses = await Promise.all(
    sent.map((pet) => fetchPet(`${baseUrl}/pets`, { method: 'POST', headers, body: JSON.stringify(pet) })),
  )
  expect(responses.map((response) => response.status)).toEqual(Array(creates).fill(201))
  const created = await Promise.all(responses.map(async (response) => petSchema.parse(await response.json())))
  const readBack = await Promise.all(
    created.map(async ({ id }) => {
      const response = await fetchPet(`${baseUrl}/pets/${id}`, { headers })
      return { status: response.status, pet: await response.json() }
    }),
  )
  expect(created.map(({ name, categoryId }) => ({ name, categoryId }))).toEqual(sent)
  return { ids: created.map(({ id }) => id), readBack, expected: created.map((pet) => ({ status: 200, pet })) }
}

it('gives 1,000 concurrent creates over HTTP 1,000 distinct ids, each readable with what was sent', async () => {
  const { ids, readBack, expected } = await createAllAtOnce(fetch, server.baseUrl)
  expect(new Set(ids).size).toBe(creates)
  expect(readBack).toEqual(expected)
})

it('gives 1,000 concurrent in-process creates 1,000 distinct ids, each readable afterwards', async () => {
  const mock = await createPetStoreMock({ seed: 1 })
  const { ids, readBack, expected } = await createAllAtOnce(mock.fetch as typeof fetch, 'http://petstore.test/v1')
  expect(new Set(ids).size).toBe(creates)
  expect(readBack).toEqual(expected)
})
