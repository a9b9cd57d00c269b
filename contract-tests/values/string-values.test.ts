import fc from 'fast-check'
import { expect, it } from 'vitest'
import type { JsonSchema } from './spec-parameters.ts'
import { fitted, stringValues } from './string-values.ts'

const schemas: ReadonlyArray<[string, JsonSchema]> = [
  ['email', { type: 'string', format: 'email' }],
  ['uri', { type: 'string', format: 'uri' }],
  ['uuid', { type: 'string', format: 'uuid' }],
  ['date-time', { type: 'string', format: 'date-time' }],
  ['a pattern', { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' }],
  ['lengths', { type: 'string', minLength: 2, maxLength: 12 }],
  ['an email of at most 30 characters', { type: 'string', format: 'email', maxLength: 30 }],
]

it.each(schemas)('draws typical values of %s that the spec admits and that read as typical', (_, schema) => {
  const values = stringValues(schema)
  for (const value of fc.sample(values.typical, { numRuns: 100, seed: 1 })) {
    expect(values.admits(value), value).toBe(true)
    expect(values.isTypical(value), value).toBe(true)
  }
})

it.each(schemas)('draws valid values of %s within its lengths and pattern, edges tried by every run', (_, schema) => {
  const values = stringValues(schema)
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY } = schema
  for (const value of [...fc.sample(values.valid, { numRuns: 100, seed: 2 }), ...values.edges]) {
    expect(value.length, value).toBeGreaterThanOrEqual(minLength)
    expect(value.length, value).toBeLessThanOrEqual(maxLength)
    if (schema.pattern) expect(value).toMatch(new RegExp(schema.pattern))
  }
})

it.each(schemas)('gives near-misses of %s that the spec refuses, each said in words', (_, schema) => {
  const { invalid, admits } = stringValues(schema)
  expect(invalid.length).toBeGreaterThan(0)
  for (const { what, value } of invalid) {
    expect(admits(value), `${what}: ${value}`).toBe(false)
    expect(what).not.toBe('')
  }
})

it('tells an edge of a format from its common form: a server may refuse the first, never the second', () => {
  const email = stringValues({ type: 'string', format: 'email' })
  expect(email.isTypical('ada@example.com')).toBe(true)
  expect(email.isTypical('first.last+tag@example.com')).toBe(false)
  const uuid = stringValues({ type: 'string', format: 'uuid' })
  expect(uuid.isTypical('f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(true)
  expect(uuid.isTypical('F47AC10B-58CC-4372-A567-0E02B2C3D479')).toBe(false)
  expect(uuid.admits('F47AC10B-58CC-4372-A567-0E02B2C3D479')).toBe(true)
})

it('marks a value that only the format refuses, which JSON Schema 2020-12 lets a server take', () => {
  const { invalid } = stringValues({ type: 'string', format: 'email', maxLength: 20 })
  expect(invalid.find(({ value }) => value === 'not-an-email')?.format).toBe('email')
  expect(invalid.find(({ value }) => value.length > 20)?.format).toBeUndefined()
})

it('holds a UUID in another case and a date-time written otherwise to be the same value, nothing else', () => {
  expect(
    stringValues({ type: 'string', format: 'uuid' }).same(
      'F47AC10B-58CC-4372-A567-0E02B2C3D479',
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    ),
  ).toBe(true)
  const dateTime = stringValues({ type: 'string', format: 'date-time' })
  expect(dateTime.same('2024-01-01T01:00:00+01:00', '2024-01-01T00:00:00.000Z')).toBe(true)
  expect(dateTime.same('2024-01-01T01:00:00Z', '2024-01-01T00:00:00Z')).toBe(false)
  expect(stringValues({ type: 'string', format: 'email' }).same('Ada@example.com', 'ada@example.com')).toBe(false)
})

it('fits free text to its lengths, and gives a field of a format a typical value of it', () => {
  expect(fitted({ type: 'string', maxLength: 5 }, 'contract-abc-1', 1)).toBe('contr')
  expect(fitted({ type: 'string', minLength: 4 }, 'ab', 1)).toBe('abxx')
  expect(fitted({ type: 'string' }, 'contract-abc-1', 1)).toBe('contract-abc-1')
  expect(
    stringValues({ type: 'string', format: 'email' }).isTypical(fitted({ type: 'string', format: 'email' }, 'x', 1)),
  ).toBe(true)
})
