import { expect, it } from 'vitest'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { createPetStoreMock } from '../create-pet-store-mock.ts'
import { InvalidPetsError, serializePetStoreState } from './pet-store-state.ts'
import { sliceSize } from './pet-table.ts'

const auth = { authorization: 'Bearer petstore-dev-key' }

it('reads the pets of an in-process mock and replaces them, as the handlers then answer', async () => {
  const mock = await createPetStoreMock({ pets: 8 })
  expect(mock.state.get().pets).toHaveLength(8)
  await mock.state.replace({ pets: [{ id: 12, name: 'Staged', categoryId: 4, status: 'pending' }] })
  const listed = await (await mock.fetch('http://petstore.test/v1/pets', { headers: auth })).json()
  expect(listed).toEqual([{ id: 12, name: 'Staged', categoryId: 4, status: 'pending' }])
  expect((await mock.fetch('http://petstore.test/v1/pets/12', { headers: auth })).status).toBe(200)
  const created = await mock.fetch('http://petstore.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"New","categoryId":1}',
  })
  expect((await created.json()).id).toBe(13)
})

it('refuses a document that is not {"pets": [...]} and changes nothing', async () => {
  const mock = await createPetStoreMock({ pets: 3 })
  const before = mock.state.get()
  for (const bad of [null, [], 'pets', { items: [] }, { pets: {} }, JSON.parse('{"__proto__":{"pets":[]}}')])
    await expect(mock.state.replace(bad), JSON.stringify(bad)).rejects.toThrow(InvalidPetsError)
  expect(mock.state.get()).toEqual(before)
})

it('serializes the state in slices to the JSON of the state document, int64 values to the digit', async () => {
  const mock = await createPetStoreMock({ pets: sliceSize * 2 + 5 })
  await mock.model.createPet({ name: 'Big', categoryId: 2n ** 62n })
  const text = await serializePetStoreState(mock.model)
  expect(text).toBe(stringifyJson(mock.state.get()))
  const empty = await createPetStoreMock({ pets: 0 })
  expect(await serializePetStoreState(empty.model)).toBe('{"pets":[]}')
})
