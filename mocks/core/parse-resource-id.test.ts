import { expect, it } from 'vitest'
import { parseResourceId } from './parse-resource-id.ts'

it.each([
  ['42', 42],
  ['-7', -7],
  ['%34%32', 42],
  ['999999999999999', 999999999999999],
  ['9007199254740993', 9007199254740993n],
  ['-9223372036854775808', -9223372036854775808n],
])('reads %j as the int64 %s', (raw, id) => {
  expect(parseResourceId(raw, 'petId', {})).toBe(id)
})

it.each(['', '-', '1.5', '1e3', ' 1', '+1', '\u0661', '9223372036854775808', '%zz'])(
  'refuses %j with 400 invalid_parameter',
  (raw) => {
    expect(() => parseResourceId(raw, 'categoryId', {})).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_parameter',
        message: expect.stringContaining('"categoryId"'),
      }),
    )
  },
)
