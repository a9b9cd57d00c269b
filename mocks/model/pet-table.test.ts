import { expect, it } from 'vitest'
import type { NewPet } from '../../spec/types.ts'
import { PetTable, type SeedTable, seedTable, sliceSize } from './pet-table.ts'

const seedOf = (newPets: ReadonlyArray<NewPet>): SeedTable => {
  const table = seedTable(newPets)
  return () => table
}
const threePets: ReadonlyArray<NewPet> = [
  { name: 'Rex', categoryId: 1, status: 'available' },
  { name: 'Nala', categoryId: 2, status: 'sold' },
  { name: 'Milo', categoryId: 3 },
]

it('changes one pet by storing a new record, moving it between the status indexes', async () => {
  const table = await PetTable.create({ seed: seedOf(threePets) })
  const before = table.find(1)
  const revision = table.revision
  const changed = await table.update(1, { status: 'sold' })
  expect(changed).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'sold' })
  expect(Object.isFrozen(changed)).toBe(true)
  expect(before).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available' })
  expect(table.find(1)).toBe(changed)
  expect(table.list({ status: 'available', limit: 10 })).toEqual([])
  expect(table.list({ status: 'sold', limit: 10 }).map((pet) => pet.id)).toEqual([1, 2])
  expect(table.list({ limit: 10 }).map((pet) => pet.name)).toEqual(['Rex', 'Nala', 'Milo'])
  expect(table.revision).toBeGreaterThan(revision)
  expect(await table.update(99, { status: 'sold' })).toBeUndefined()
})

it('removes one pet from every read and index', async () => {
  const table = await PetTable.create({ seed: seedOf(threePets) })
  expect(await table.remove(2)).toBe(true)
  expect(table.find(2)).toBeUndefined()
  expect(table.list({ limit: 10 }).map((pet) => pet.id)).toEqual([1, 3])
  expect(table.list({ status: 'sold', limit: 10 })).toEqual([])
  expect(table.size).toBe(2)
  expect(await table.remove(2)).toBe(false)
  expect(table.create({ name: 'Next', categoryId: 1 })).toMatchObject({ id: 4 })
})

it('never lets a change to a seeded pet reach another table sharing the seed, nor survive a reset', async () => {
  const seed = seedOf(threePets)
  const [a, b] = await Promise.all([PetTable.create({ seed }), PetTable.create({ seed })])
  await a.create({ name: 'Own', categoryId: 5, status: 'sold' })
  await a.update(2, { status: 'pending' })
  await a.remove(3)
  expect(a.all().map((pet) => [pet.id, pet.status])).toEqual([
    [1, 'available'],
    [2, 'pending'],
    [4, 'sold'],
  ])
  expect(a.list({ status: 'sold', limit: 10 }).map((pet) => pet.id)).toEqual([4])
  expect(b.all()).toEqual((await seed()).all)
  expect(b.find(2)?.status).toBe('sold')
  await a.reset()
  expect(a.all()).toEqual(b.all())
})

it('lets timers run while it builds a large replace, which lands whole', async () => {
  const table = await PetTable.create({ seed: seedOf([]) })
  const pets = Array.from({ length: sliceSize * 4 }, (_, i) => ({ id: i + 1, name: `p${i}`, categoryId: 1 }))
  const seenDuring: Array<number> = []
  const timer = setInterval(() => seenDuring.push(table.size), 0)
  await table.replace(pets)
  clearInterval(timer)
  // Reads meanwhile saw the pets as they were, never half a replace.
  expect(seenDuring.length).toBeGreaterThan(0)
  expect(seenDuring.every((size) => size === 0)).toBe(true)
  expect(table.size).toBe(pets.length)
  expect(table.find(pets.length)).toEqual(pets.at(-1))
})

it('makes a create issued during a replace wait for it and continue from the new largest id', async () => {
  const table = await PetTable.create({ seed: seedOf(threePets) })
  const replaced = table.replace([{ id: 50, name: 'Only', categoryId: 1 }])
  const created = table.create({ name: 'After', categoryId: 1 })
  await replaced
  expect(await created).toMatchObject({ id: 51, name: 'After' })
  expect(table.all().map((pet) => pet.id)).toEqual([50, 51])
})

it('changes nothing when the pets a replace waits for are refused', async () => {
  const table = await PetTable.create({ seed: seedOf(threePets) })
  await expect(table.replace(Promise.reject(new Error('refused')))).rejects.toThrow('refused')
  expect(table.size).toBe(3)
  expect(await table.create({ name: 'Next', categoryId: 1 })).toMatchObject({ id: 4 })
})
