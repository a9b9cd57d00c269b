import { expect, it } from 'vitest'
import { pathValue } from '../../spec/path-value.ts'
import { IdSchemaError } from './new-ids.ts'
import { ResourceCollection } from './resource-collection.ts'

// A collection reads only its kind's id (field, schema) and noun from the resources table: here kinds unlike the
// spec's pets, whose ids are UUIDs, values of a pattern, or integers from a minimum.
const kind = (schema: Record<string, unknown>) => ({
  noun: 'owner',
  id: { field: 'id', schema, value: pathValue(schema) },
})
const uuid = kind({ type: 'string', format: 'uuid' })
const bodies = [{ name: 'Ada' }, { name: 'Alan' }]

it('gives each record an id its schema admits, read back by the text a request sends', () => {
  const owners = new ResourceCollection(uuid, bodies, { maxSize: 10, seed: 1 })
  const created = owners.create({ name: 'Grace', id: 'ignored' })
  const ids = [...owners.list({ limit: 10 })].map((record) => record.id as string)
  expect(ids).toHaveLength(3)
  for (const id of ids) expect(uuid.id.value.read(id)).toBe(id)
  expect(new Set(ids).size).toBe(3)
  expect(created).toMatchObject({ name: 'Grace', id: expect.not.stringMatching(/ignored/) })
  expect(owners.find(uuid.id.value.read((created.id as string).toUpperCase()) as string)).toBe(created)
  expect(owners.find('3f8a4c2e-5b1d-4e7f-9a6c-2d8e0b1f4a7c')).toBeUndefined()
})

it('gives the same ids again after a reset and for the same seed, others for another seed', () => {
  const first = new ResourceCollection(uuid, bodies, { maxSize: 10, seed: 1 })
  const before = first.create({ name: 'Grace' }).id
  first.reset()
  expect(first.create({ name: 'Grace' }).id).toBe(before)
  expect(new ResourceCollection(uuid, bodies, { maxSize: 10, seed: 1 }).list({ limit: 2 })).toEqual(
    first.list({ limit: 2 }),
  )
  expect(new ResourceCollection(uuid, bodies, { maxSize: 10, seed: 2 }).list({ limit: 1 })[0]?.id).not.toBe(
    first.list({ limit: 1 })[0]?.id,
  )
})

it('draws ids of a pattern, and counts integers from their minimum', () => {
  const codes = new ResourceCollection(kind({ type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' }), bodies, {
    maxSize: 10,
    seed: 1,
  })
  for (const record of codes.list({ limit: 10 })) expect(record.id).toMatch(/^[A-Z]{3}-[0-9]{4}$/)
  const numbered = new ResourceCollection(kind({ type: 'integer', format: 'int32', minimum: 100 }), bodies, {
    maxSize: 10,
    seed: 1,
  })
  expect(numbered.list({ limit: 10 }).map((record) => record.id)).toEqual([100, 101])
  expect(numbered.create({ name: 'Grace' }).id).toBe(102)
  expect(numbered.find(101)?.name).toBe('Alan')
})

it('refuses to make ids its schema does not admit, saying what it expected', () => {
  expect(
    () => new ResourceCollection(kind({ type: 'string', format: 'email' }), bodies, { maxSize: 10, seed: 1 }),
  ).toThrow(IdSchemaError)
})

it('refuses a record past its size with a StoreFullError naming its noun', () => {
  const owners = new ResourceCollection(uuid, bodies, { maxSize: 2, seed: 1 })
  expect(() => owners.create({ name: 'Grace' })).toThrow(/at most 2 owners/)
})
