import { expect, it } from 'vitest'
import { createPetStoreModel } from '../../model/create-pet-store-model.ts'
import { StoreFullError } from '../../model/pet-table.ts'
import { createPetStoreCore } from '../create-pet-store-core.ts'

const pets = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `p${i}`, categoryId: 1 }))

it('gives the pets of a session dropped past --max-sessions back to the server total', async () => {
  const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 2, maxPets: 10 }), maxSessions: 1 })
  await (await core.sessions.get('first').model()).replacePets(pets(8))
  await expect(core.model.createPet({ name: 'Full', categoryId: 1 })).rejects.toThrow(StoreFullError)
  // A second session drops the first, the least recently used: its 8 pets no longer count.
  const second = await core.sessions.get('second').model()
  await expect(second.createPet({ name: 'Room', categoryId: 1 })).resolves.toMatchObject({ id: 3 })
  await expect(core.model.createPet({ name: 'Room too', categoryId: 1 })).resolves.toMatchObject({ id: 3 })
})

it('gives every session pets back on a reset of the whole mock', async () => {
  const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 2, maxPets: 10 }) })
  await (await core.sessions.get('a').model()).replacePets(pets(4))
  await (await core.sessions.get('b').model()).replacePets(pets(4))
  await expect(core.model.createPet({ name: 'Full', categoryId: 1 })).rejects.toThrow(StoreFullError)
  await core.reset()
  await (await core.sessions.get('a').model()).replacePets(pets(8))
  expect((await core.sessions.get('a').model()).allPets()).toHaveLength(8)
})
