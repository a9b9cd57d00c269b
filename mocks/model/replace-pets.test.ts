import { expect, it } from 'vitest'
import { createPetStoreModel } from './create-pet-store-model.ts'
import { InvalidPetsError } from './parse-pets.ts'

it('reads every pet in id order', async () => {
  const model = await createPetStoreModel({ pets: 120 })
  const pets = model.allPets()
  expect(pets).toHaveLength(120)
  expect(pets.map((pet) => pet.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1))
})

it('replaces every pet, keeps their ids and continues after the largest', async () => {
  const model = await createPetStoreModel({ pets: 10 })
  await model.replacePets([
    { id: 40, name: 'Late', categoryId: 2, status: 'sold' },
    { id: 7, name: 'Early', categoryId: 1 },
  ])
  expect(model.allPets()).toEqual([
    { id: 7, name: 'Early', categoryId: 1 },
    { id: 40, name: 'Late', categoryId: 2, status: 'sold' },
  ])
  expect(model.findPet(40)?.name).toBe('Late')
  expect(model.findPet(1)).toBeUndefined()
  expect(model.listPets({ status: 'sold', limit: 100 })).toEqual([
    { id: 40, name: 'Late', categoryId: 2, status: 'sold' },
  ])
  expect((await model.createPet({ name: 'Next', categoryId: 3 })).id).toBe(41)
})

it('refuses a list with a bad pet, naming the first one, and changes nothing', async () => {
  const model = await createPetStoreModel({ pets: 10 })
  const before = model.allPets()
  const bad = [
    { id: 1, name: 'Fine', categoryId: 1 },
    { id: 2, name: 'Wrong', categoryId: 1, status: 'lost' },
    { id: 3, categoryId: 1 },
  ]
  await expect(model.replacePets(bad)).rejects.toThrow(InvalidPetsError)
  await expect(model.replacePets(bad)).rejects.toThrow(/pet 1 \(id 2\) is not a valid Pet \("status": /)
  await expect(
    model.replacePets([
      { id: 1, name: 'A', categoryId: 1 },
      { id: 1, name: 'B', categoryId: 1 },
    ]),
  ).rejects.toThrow(/pet 1 repeats id 1/)
  await expect(model.replacePets({ pets: [] })).rejects.toThrow(/expected an array of Pet, got object/)
  await expect(model.replacePets([{ id: 2 ** 60, name: 'Big', categoryId: 1 }])).rejects.toThrow(/pet 0 .*"id"/)
  expect(model.allPets()).toEqual(before)
})

it('stores only the fields the spec names, and a prototype key changes nothing', async () => {
  const model = await createPetStoreModel({ pets: 0 })
  await model.replacePets(JSON.parse('[{"id":1,"name":"Rex","categoryId":1,"extra":true,"__proto__":{"polluted":1}}]'))
  expect(model.allPets()).toEqual([{ id: 1, name: 'Rex', categoryId: 1 }])
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

it('lets creates in flight finish before a replace, and creates after it continue from the new ids', async () => {
  const model = await createPetStoreModel({ pets: 5 })
  const before = Array.from({ length: 20 }, (_, i) => model.createPet({ name: `b${i}`, categoryId: 1 }))
  const replaced = model.replacePets([{ id: 100, name: 'Only', categoryId: 1 }])
  const after = model.createPet({ name: 'After', categoryId: 1 })
  await Promise.all([...before, replaced])
  expect((await after).id).toBe(101)
  expect(model.allPets().map((pet) => pet.id)).toEqual([100, 101])
})

it('goes back to the seeded pets on reset after a replace', async () => {
  const model = await createPetStoreModel({ seed: 4, pets: 12 })
  const seeded = model.allPets()
  await model.replacePets([])
  expect(model.allPets()).toEqual([])
  expect((await model.createPet({ name: 'First', categoryId: 1 })).id).toBe(1)
  await model.reset()
  expect(model.allPets()).toEqual(seeded)
})

it('starts from the fixtures it is given, then generated pets, all of them when more than 50', async () => {
  const fixtures = Array.from({ length: 70 }, (_, i) => ({ name: `Named ${i}`, categoryId: 1 + (i % 3) }))
  const model = await createPetStoreModel({ fixtures })
  expect(model.allPets()).toHaveLength(70)
  expect(model.findPet(70)?.name).toBe('Named 69')
  const topped = await createPetStoreModel({ fixtures: fixtures.slice(0, 2), pets: 5 })
  expect(
    topped
      .allPets()
      .map((pet) => pet.name)
      .slice(0, 2),
  ).toEqual(['Named 0', 'Named 1'])
  expect(topped.allPets()).toHaveLength(5)
  await expect(createPetStoreModel({ fixtures: [{ name: 'x' }] as never })).rejects.toThrow(
    /entry 0 is not a valid NewPet \("categoryId": /,
  )
})

it('calls commit after every change and acknowledges a create only once it resolves', async () => {
  const calls: Array<number> = []
  let release: () => void = () => {}
  const model = await createPetStoreModel({
    pets: 3,
    commit: (m) => {
      calls.push(m.allPets().length)
      return new Promise<void>((resolve) => (release = resolve))
    },
  })
  let acknowledged = false
  const created = model.createPet({ name: 'Durable', categoryId: 1 }).then(() => (acknowledged = true))
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(acknowledged).toBe(false)
  release()
  await created
  expect(calls).toEqual([4])
  expect(model.options).not.toHaveProperty('commit')
})
