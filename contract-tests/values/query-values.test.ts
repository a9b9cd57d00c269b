import { expect, it } from 'vitest'
import { pathValue } from '../../spec/path-value.ts'
import { edgeParameterTexts, idsAfter, invalidParameterTexts, unknownParameterTexts } from './query-values.ts'
import type { JsonSchema } from './spec-parameters.ts'

// Ids of every shape the spec may give them: unknown ones are values of the schema, malformed ones are not.
const ids: ReadonlyArray<[string, JsonSchema]> = [
  ['an int64', { type: 'integer', format: 'int64' }],
  ['an int32', { type: 'integer', format: 'int32' }],
  ['an integer from 1 to 999', { type: 'integer', format: 'int32', minimum: 1, maximum: 999 }],
  ['a UUID', { type: 'string', format: 'uuid' }],
  ['a string of a pattern', { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' }],
]

it.each(ids)('makes unknown ids of %s that its schema reads, none of those known', (_, schema) => {
  const reader = pathValue(schema as Record<string, unknown>)
  const [first = ''] = unknownParameterTexts(schema, new Set())
  const unknown = unknownParameterTexts(schema, new Set([first]))
  expect(unknown.length).toBeGreaterThan(0)
  expect(unknown).not.toContain(first)
  for (const text of unknown) expect(reader.read(text), text).not.toBeUndefined()
  expect(unknownParameterTexts(schema, new Set())).toEqual(unknownParameterTexts(schema, new Set()))
})

it.each(ids)('makes malformed ids of %s that its schema refuses, and edges it reads', (_, schema) => {
  const reader = pathValue(schema as Record<string, unknown>)
  const malformed = invalidParameterTexts(schema)
  expect(malformed.length).toBeGreaterThan(0)
  for (const text of malformed) expect(reader.read(text), text).toBeUndefined()
  for (const text of edgeParameterTexts(schema)) expect(reader.read(text), text).not.toBeUndefined()
})

it('keeps large integers that no store is likely to hold first, within the bounds the schema gives', () => {
  expect(unknownParameterTexts({ type: 'integer', format: 'int64' }, new Set())[0]).toBe('987654321987')
  expect(unknownParameterTexts({ type: 'integer', format: 'int32' }, new Set())[0]).toBe('987654321')
  expect(unknownParameterTexts({ type: 'integer', minimum: 1, maximum: 999 }, new Set())[0]).toBe('999')
})

it('reads the ids just past one only where ids come in a sequence', () => {
  expect(idsAfter({ type: 'integer', format: 'int64' }, '41', 2)).toEqual(['42', '43'])
  expect(idsAfter({ type: 'integer', maximum: 42 }, '41', 2)).toEqual(['42'])
  expect(idsAfter({ type: 'string', format: 'uuid' }, 'f47ac10b-58cc-4372-a567-0e02b2c3d479', 2)).toEqual([])
})
