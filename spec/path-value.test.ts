import { expect, it } from 'vitest'
import { pathValue } from './path-value.ts'

it.each([
  [{ type: 'integer', format: 'int64' }, '9223372036854775807', 2n ** 63n - 1n],
  [{ type: 'integer', format: 'int64' }, '-12', -12],
  [{ type: 'integer', format: 'int32' }, '2147483647', 2147483647],
  [{ type: 'integer', format: 'int32', minimum: 1 }, '1', 1],
  [{ type: 'string', format: 'uuid' }, '3F8A4C2E-5B1D-4E7F-9A6C-2D8E0B1F4A7C', '3f8a4c2e-5b1d-4e7f-9a6c-2d8e0b1f4a7c'],
  [{ type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' }, 'ABC-1234', 'ABC-1234'],
  [{ type: 'string', format: 'email' }, 'ada@example.com', 'ada@example.com'],
  [{ type: 'string', minLength: 2, maxLength: 3 }, 'abc', 'abc'],
  [{ type: 'string' }, 'anything at all', 'anything at all'],
  [{ type: 'string', enum: ['a', 'b'] }, 'b', 'b'],
])('reads what %j admits: %j', (schema, text, value) => {
  expect(pathValue(schema).read(text)).toBe(value)
})

it.each([
  [{ type: 'integer', format: 'int64' }, '9223372036854775808', 'a 64-bit integer'],
  [{ type: 'integer', format: 'int64' }, '1.0', 'a 64-bit integer'],
  [{ type: 'integer', format: 'int32' }, '2147483648', 'a 32-bit integer'],
  [{ type: 'integer', format: 'int32', minimum: 1, maximum: 9 }, '0', 'a 32-bit integer from 1 to 9'],
  [{ type: 'string', format: 'uuid' }, '3f8a4c2e-5b1d-4e7f-9a6c-2d8e0b1f4a7', 'a UUID'],
  [{ type: 'string', format: 'uuid' }, '42', 'a UUID'],
  [{ type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' }, 'abc-1234', 'a string matching /^[A-Z]{3}-[0-9]{4}$/'],
  [{ type: 'string', format: 'email' }, 'not-an-email', 'an email address'],
  [{ type: 'string', format: 'date-time' }, '2024-01-01', 'an RFC 3339 date-time'],
  [{ type: 'string', format: 'uri' }, 'no scheme', 'an absolute URI'],
  [{ type: 'string', minLength: 2, maxLength: 3 }, 'abcd', 'a string of 2 to 3 characters'],
  [{ type: 'string', enum: ['a', 'b'] }, 'c', 'one of a, b'],
])('refuses what %j does not admit (%j), saying it must be %j', (schema, text, admits) => {
  const reader = pathValue(schema)
  expect(reader.read(text)).toBeUndefined()
  expect(reader.admits).toBe(admits)
})
