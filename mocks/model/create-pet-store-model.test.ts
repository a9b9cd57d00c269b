import { expect, it } from 'vitest'
import { petSchema } from '../../spec/schemas.ts'
import { createPetStoreModel, createSeedSharingModels, type StoredPet } from './create-pet-store-model.ts'
import { StoreFullError } from './pet-table.ts'
import { fixtures } from './seed-pets.ts'

it('serves identical data for two models with the same seed', async () => {
  const [a, b] = await Promise.all([createPetStoreModel({ seed: 42 }), createPetStoreModel({ seed: 42 })])
  expect(a.listPets({ limit: 100 })).toEqual(b.listPets({ limit: 100 }))
})

it('serves different generated pets for another seed, the fixtures alike', async () => {
  const [a, b] = await Promise.all([createPetStoreModel({ seed: 1 }), createPetStoreModel({ seed: 2 })])
  const namesA = a.listPets({ limit: 100 }).map((pet) => pet.name)
  const namesB = b.listPets({ limit: 100 }).map((pet) => pet.name)
  expect(namesA.slice(0, fixtures.length)).toEqual(namesB.slice(0, fixtures.length))
  expect(namesA).not.toEqual(namesB)
})

it('starts with the named fixtures, then generated pets up to the count, all valid', async () => {
  const model = await createPetStoreModel({ pets: 30 })
  const pets = model.listPets({ limit: 100 })
  expect(pets).toHaveLength(30)
  expect(pets.slice(0, fixtures.length).map(({ id: _id, ...pet }) => pet)).toEqual(fixtures)
  for (const pet of pets) petSchema.parse(pet)
  expect(new Set(pets.map((pet) => pet.id)).size).toBe(30)
})

it('refuses fewer pets than the fixtures it is given, and keeps them all when no count is given', async () => {
  const given = [
    { name: 'Rex', categoryId: 1 },
    { name: 'Nala', categoryId: 2 },
  ]
  await expect(createPetStoreModel({ fixtures: given, pets: 1 })).rejects.toThrow(
    'expected at least as many pets as the 2 fixtures, got 1',
  )
  const many = Array.from({ length: 60 }, (_, index) => ({ name: `Pet ${index}`, categoryId: 1 }))
  expect((await createPetStoreModel({ fixtures: many })).allPets()).toHaveLength(60)
})

it('queues messages in the @msw/data collection, checked against the spec', async () => {
  // A clock that stands still: a date given as text runs on, and a busy machine may pass a millisecond here.
  const model = await createPetStoreModel({ pets: 10, now: () => new Date('2030-01-02T00:00:00Z') })
  const message = await model.queueMessage('hello')
  expect(message).toEqual({
    id: 'msg_000001',
    message: 'hello',
    status: 'queued',
    createdAt: '2030-01-02T00:00:00.000Z',
  })
  expect(model.messages.findFirst((q) => q.where({ id: 'msg_000001' }))).toEqual(message)
})

it('restores the seeded state on reset, ids included', async () => {
  const model = await createPetStoreModel({ seed: 5, pets: 25 })
  const before = model.listPets({ limit: 100 })
  const created = await model.createPet({ name: 'Extra', categoryId: 1 })
  await model.queueMessage('hello')
  await model.reset()
  expect(model.listPets({ limit: 100 })).toEqual(before)
  expect(model.findPet(created.id)).toBeUndefined()
  expect(model.messages.all()).toHaveLength(0)
  expect((await model.createPet({ name: 'Again', categoryId: 1 })).id).toBe(created.id)
})

it('gives 1,000 concurrent creates 1,000 distinct ids, all readable', async () => {
  const model = await createPetStoreModel({ pets: 0 })
  const created = await Promise.all(
    Array.from({ length: 1000 }, (_, i) => model.createPet({ name: `p${i}`, categoryId: 1 })),
  )
  expect(new Set(created.map((pet) => pet.id)).size).toBe(1000)
  for (const pet of created) expect(model.findPet(pet.id)).toEqual(pet)
})

it('filters by status before limiting', async () => {
  const model = await createPetStoreModel({ pets: 80 })
  const sold = model.listPets({ limit: 100 }).filter((pet) => pet.status === 'sold')
  expect(model.listPets({ status: 'sold', limit: 3 })).toEqual(sold.slice(0, 3))
})

it('refuses a create past --max-pets, storing nothing, and takes creates again after a reset', async () => {
  const model = await createPetStoreModel({ pets: 3, maxPets: 4 })
  await model.createPet({ name: 'Fourth', categoryId: 1 })
  await expect(model.createPet({ name: 'Fifth', categoryId: 1 })).rejects.toThrow(StoreFullError)
  await expect(model.createPet({ name: 'Fifth', categoryId: 1 })).rejects.toThrow(/at most 4 pets \(--max-pets\)/)
  expect(model.allPets()).toHaveLength(4)
  await model.reset()
  expect((await model.createPet({ name: 'Again', categoryId: 1 })).id).toBe(4)
})

it('refuses to seed more pets than --max-pets, and a replace with more', async () => {
  await expect(createPetStoreModel({ pets: 10, maxPets: 5 })).rejects.toThrow(/at most --max-pets \(5\) pets, got 10/)
  const model = await createPetStoreModel({ pets: 2, maxPets: 2 })
  const three = [1, 2, 3].map((id) => ({ id, name: `p${id}`, categoryId: 1 }))
  await expect(model.replacePets(three)).rejects.toThrow(/expected at most 2 pets, got 3/)
  expect(model.allPets()).toHaveLength(2)
})

it('gives seed-sharing models the seeded pets of a model built alike, each changing only itself', async () => {
  const model = await createPetStoreModel({ seed: 3, pets: 40 })
  const createSession = createSeedSharingModels(model.options)
  const [a, b] = await Promise.all([createSession(), createSession()])
  expect(a.allPets()).toEqual(model.allPets())
  expect(a.listPets({ status: 'sold', limit: 100 })).toEqual(model.listPets({ status: 'sold', limit: 100 }))
  const created = await a.createPet({ name: 'Only-in-a', categoryId: 1, status: 'sold' })
  expect(created.id).toBe(41)
  expect(a.findPet(41)).toEqual(created)
  expect(a.listPets({ status: 'sold', limit: 100 }).at(-1)).toEqual(created)
  expect(a.listPets({ limit: 41 })).toHaveLength(41)
  expect(b.findPet(41)).toBeUndefined()
  expect(b.allPets()).toEqual(model.allPets())
  expect(model.findPet(41)).toBeUndefined()
  await a.replacePets([{ id: 7, name: 'Solo', categoryId: 2 }])
  expect(a.allPets()).toEqual([{ id: 7, name: 'Solo', categoryId: 2 }])
  expect(a.findPet(1)).toBeUndefined()
  expect(b.findPet(1)).toEqual(model.findPet(1))
  await a.reset()
  expect(a.allPets()).toEqual(model.allPets())
  expect((await a.createPet({ name: 'Again', categoryId: 1 })).id).toBe(41)
})

it('never lets a change reach the seeded pets that models share', async () => {
  const createSession = createSeedSharingModels((await createPetStoreModel({ pets: 5 })).options)
  const session = await createSession()
  const seeded = session.findPet(1) as StoredPet
  expect(Object.isFrozen(seeded)).toBe(true)
  expect(() => Object.assign(seeded, { name: 'Changed' })).toThrow(TypeError)
})
