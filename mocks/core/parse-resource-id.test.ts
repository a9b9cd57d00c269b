import { expect, it } from 'vitest'
import { operations } from '../../spec/operations.ts'
import { parseResourceId } from './parse-resource-id.ts'

const route = operations.getPet

it.each([
  ['42', 42],
  ['-7', -7],
  ['%34%32', 42],
  ['999999999999999', 999999999999999],
  ['9007199254740993', 9007199254740993n],
  ['-9223372036854775808', -9223372036854775808n],
])('reads %j as the int64 %s', (raw, id) => {
  expect(parseResourceId(route, { petId: raw }, {})).toBe(id)
})

it.each(['', '-', '1.5', '1e3', ' 1', '+1', '\u0661', '9223372036854775808', '%zz'])(
  'refuses %j with 400 invalid_parameter, naming the parameter and what it admits',
  (raw) => {
    expect(() => parseResourceId(route, { petId: raw }, {})).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_parameter',
        message: expect.stringMatching(/"petId" path parameter must be a 64-bit integer/),
      }),
    )
  },
)
