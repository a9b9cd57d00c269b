import { expect, it } from 'vitest'
import { ResourceKnowledge } from './resource-knowledge.ts'

const pets = { listed: [{ id: 1, name: 'Rex', categoryId: 1 }], created: [{ id: 2, name: 'run-0', categoryId: 1 }] }
const categories = { listed: [{ id: 1, name: 'Dogs' }], created: [] }

it('keeps one id map per creator: the same id in two kinds names two resources', () => {
  const knowledge = new ResourceKnowledge({ resources: { createPet: pets, createCategory: categories } })
  expect(knowledge.of('createPet').get(1)).toMatchObject({ name: 'Rex' })
  expect(knowledge.of('createCategory').get(1)).toEqual({ id: 1, name: 'Dogs' })
  knowledge.of('createCategory').remove({ id: 1, name: 'Dogs' })
  expect(knowledge.of('createCategory').removed(1)).toBeDefined()
  expect(knowledge.of('createPet').removed(1)).toBeUndefined()
  expect(knowledge.of('createPet').get(1)).toMatchObject({ name: 'Rex' })
  expect(knowledge.size).toBe(2)
})

it('counts what this phase created, of each kind and in all', () => {
  const knowledge = new ResourceKnowledge({ resources: { createPet: pets } })
  knowledge.of('createPet').add({ id: 3, name: 'run-1', categoryId: 1 })
  knowledge.of('createCategory').add({ id: 3, name: 'Cats' })
  expect(knowledge.of('createPet').count('own')).toBe(1)
  expect(knowledge.of('createCategory').matching({ name: 'Cats' })).toEqual([{ id: 3, name: 'Cats' }])
  expect(knowledge.created).toBe(2)
})
