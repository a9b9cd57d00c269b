import createClient from 'openapi-fetch'
import { expect, it } from 'vitest'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import type { paths } from '../generated/openapi-types.ts'
import { int64Max } from '../int64.ts'
import { withExactInt64 } from './with-exact-int64.ts'

const headers = { Authorization: 'Bearer petstore-dev-key' }

async function clients() {
  const { fetch } = await createPetStoreMock({ seed: 1 })
  const plain = createClient<paths>({ baseUrl: 'http://petstore.test/v1', headers, fetch })
  return { plain, exact: withExactInt64(plain) }
}

it('creates 2^63-1 and reads it back exactly, by id and in the list, as a bigint', async () => {
  const { exact } = await clients()
  const created = await exact.POST('/pets', { body: { name: 'Rex', categoryId: int64Max } })
  expect(created.response.status).toBe(201)
  expect(created.data).toEqual({ id: 51, name: 'Rex', categoryId: int64Max })
  const read = await exact.GET('/pets/{petId}', { params: { path: { petId: 51 } } })
  expect(read.data?.categoryId).toBe(int64Max)
  const listed = await exact.GET('/pets', { params: { query: { limit: 100 } } })
  expect(listed.data?.find((pet) => pet.id === 51)?.categoryId).toBe(int64Max)
})

it('is what the plain client lacks: 2^63-1 as a number is refused, and a stored one reads back rounded', async () => {
  const { plain, exact } = await clients()
  const sent = await plain.POST('/pets', { body: { name: 'Rex', categoryId: Number(int64Max) } })
  expect(sent.response.status).toBe(400)
  await exact.POST('/pets', { body: { name: 'Rex', categoryId: int64Max } })
  const read = await plain.GET('/pets/{petId}', { params: { path: { petId: 51 } } })
  expect(read.data?.categoryId).toBe(2 ** 63)
})

it('keeps an int64 within 2^53 a number, as the plain client reads it', async () => {
  const { plain, exact } = await clients()
  const fromExact = await exact.GET('/pets', { params: { query: { limit: 5 } } })
  const fromPlain = await plain.GET('/pets', { params: { query: { limit: 5 } } })
  expect(fromExact.data).toEqual(fromPlain.data)
  expect(typeof fromExact.data?.[0]?.id).toBe('number')
})

it('makes request(method, …) exact too', async () => {
  const { exact } = await clients()
  const created = await exact.request('post', '/pets', { body: { name: 'Rex', categoryId: -(2n ** 63n) } })
  expect(created.data?.categoryId).toBe(-(2n ** 63n))
})

it("leaves a call's own parseAs and bodySerializer in place", async () => {
  const { exact } = await clients()
  const text = await exact.POST('/pets', {
    body: { name: 'Rex', categoryId: 7 },
    bodySerializer: () => '{"name":"Rex","categoryId":9223372036854775806}',
    parseAs: 'text',
  })
  expect(text.data).toBe('{"id":51,"name":"Rex","categoryId":9223372036854775806}')
})

it('still reads an error body as openapi-fetch does', async () => {
  const { exact } = await clients()
  const missing = await exact.GET('/pets/{petId}', { params: { path: { petId: int64Max } } })
  expect(missing.response.status).toBe(404)
  expect(missing.data).toBeUndefined()
  expect(missing.error).toMatchObject({ code: expect.any(String), status: 404 })
})

it('refuses what is not an openapi-fetch client, saying what to pass', () => {
  expect(() => withExactInt64({ get: () => undefined })).toThrow(
    'Failed to make the client exact: expected an openapi-fetch client (with GET and POST), got object. ' +
      'Pass what createClient() returns.',
  )
})
