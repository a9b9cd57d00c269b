import { expect, it } from 'vitest'
import { createPetStoreModel, createSeedSharingModels } from './create-pet-store-model.ts'
import { StoreFullError } from './pet-table.ts'

const pet = (id: number) => ({ id, name: `p${id}`, categoryId: 1 })
const pets = (from: number, count: number) => Array.from({ length: count }, (_, i) => pet(from + i))

async function server(options: { pets: number; maxPets: number }) {
  const model = await createPetStoreModel(options)
  return { model, session: createSeedSharingModels(model.options) }
}

it('caps the pets of the default store and every session together, the shared seed counted once', async () => {
  const { model, session } = await server({ pets: 5, maxPets: 20 })
  const stores = [model, await session(), await session(), await session()]
  let created = 0
  for (let round = 0; round < 10; round++)
    for (const store of stores) {
      try {
        await store.createPet({ name: 'New', categoryId: 1 })
        created++
      } catch (error) {
        expect(error).toBeInstanceOf(StoreFullError)
      }
    }
  expect(created).toBe(15)
  await expect(stores[2]?.createPet({ name: 'One more', categoryId: 1 })).rejects.toThrow(
    /expected at most 20 pets \(--max-pets\), got one more\. --max-pets is the server's total/,
  )
})

it('refuses a replace past the total with how many do not fit, changing nothing, and takes one that fits', async () => {
  const { model, session } = await server({ pets: 5, maxPets: 40 })
  const first = await session()
  const second = await session()
  await first.replacePets(pets(1, 20))
  await expect(second.replacePets(pets(1, 25))).rejects.toThrow(
    /^Failed to store the 25 pets: expected at most 40 pets \(--max-pets\), got 10 more\. .*server's total/,
  )
  expect(second.allPets()).toEqual(model.allPets())
  // The seed is no longer read by `first`, but still by the default store: it counts, once.
  await second.replacePets(pets(1, 15))
  expect(second.allPets()).toHaveLength(15)
})

it('frees the seed once no store reads it, and counts it again when one does', async () => {
  const { model, session } = await server({ pets: 10, maxPets: 30 })
  await model.replacePets(pets(1, 30))
  await expect(model.createPet({ name: 'Full', categoryId: 1 })).rejects.toThrow(StoreFullError)
  // A new session starts from the seed whatever the room; it is the creates that then wait for room.
  const late = await session()
  expect(late.allPets()).toHaveLength(10)
  await expect(late.createPet({ name: 'No room', categoryId: 1 })).rejects.toThrow(StoreFullError)
  await model.reset()
  await expect(late.createPet({ name: 'Room again', categoryId: 1 })).resolves.toMatchObject({ id: 11 })
})

it('gives a store share back on its reset and on its release', async () => {
  const { model, session } = await server({ pets: 2, maxPets: 12 })
  const kept = await session()
  const dropped = await session()
  await dropped.replacePets(pets(1, 10))
  await expect(kept.createPet({ name: 'Full', categoryId: 1 })).rejects.toThrow(StoreFullError)
  await dropped.reset()
  await kept.createPet({ name: 'After reset', categoryId: 1 })
  await dropped.replacePets(pets(1, 9))
  await expect(model.createPet({ name: 'Full again', categoryId: 1 })).rejects.toThrow(StoreFullError)
  dropped.release()
  await model.createPet({ name: 'After release', categoryId: 1 })
  // What still reaches a released store counts on its own, against no other.
  await dropped.createPet({ name: 'Late', categoryId: 1 })
  await model.createPet({ name: 'Still room', categoryId: 1 })
})

it('caps the queued messages of every store together too', async () => {
  const { model, session } = await server({ pets: 0, maxPets: 3 })
  const other = await session()
  await model.queueMessage('one')
  await other.queueMessage('two')
  await other.queueMessage('three')
  await expect(model.queueMessage('four')).rejects.toThrow(/the message: expected at most 3 messages/)
  await other.reset()
  await expect(model.queueMessage('four')).resolves.toMatchObject({ message: 'four' })
})
