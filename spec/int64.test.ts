import { expect, it } from 'vitest'
import { int64Max, int64Min, isInt64 } from './int64.ts'
import { newPetSchema, petSchema } from './schemas.ts'

it('accepts ids and category ids anywhere in the int64 range, safe numbers or bigints', () => {
  for (const id of [1, 0, -1, 2n ** 53n + 1n, int64Max, int64Min])
    expect(petSchema.safeParse({ id, name: 'Rex', categoryId: id }).success).toBe(true)
})

it('refuses integers beyond int64, naming the field', () => {
  const result = petSchema.safeParse({ id: int64Max + 1n, name: 'Rex', categoryId: 1 })
  expect(result.success).toBe(false)
  expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
    ['id', 'Integer beyond the int64 range'],
  ])
})

it('still refuses what the spec refuses, with a bigint beside it', () => {
  const result = newPetSchema.safeParse({ name: 2n ** 60n, categoryId: 2n ** 60n, status: 'lost' })
  expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['name', 'status'])
  expect(newPetSchema.safeParse({ name: 'Rex', categoryId: 1.5 }).success).toBe(false)
})

it('passes the original value through, digits intact', () => {
  const pet = { id: 2n ** 62n, name: 'Rex', categoryId: 3 }
  expect(petSchema.parse(pet)).toEqual(pet)
})

it('tells int64 values apart', () => {
  expect([1, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n, 1.5, 2 ** 60, '1'].map(isInt64)).toEqual([
    true,
    true,
    true,
    false,
    false,
    false,
    false,
  ])
})

it('judges only the fields the schema types: an integer beyond int64 in a field it does not name is any JSON', () => {
  const body = { name: 'Rex', categoryId: 2n ** 60n, tags: { weight: 2n ** 70n }, extra: -(2n ** 64n) }
  expect(newPetSchema.safeParse(body)).toMatchObject({ success: true, data: { categoryId: 2n ** 60n } })
  const refused = newPetSchema.safeParse({ ...body, categoryId: 2n ** 63n })
  expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
    ['categoryId', 'Integer beyond the int64 range'],
  ])
})
