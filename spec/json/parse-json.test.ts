import { expect, it } from 'vitest'
import { parseJson } from './parse-json.ts'

it('reads an int64 beyond 2^53 to the digit as a bigint', () => {
  expect(parseJson('{"id":9223372036854775807,"categoryId":-9223372036854775808}')).toEqual({
    id: 9223372036854775807n,
    categoryId: -9223372036854775808n,
  })
  expect(parseJson('[9007199254740993]')).toEqual([9007199254740993n])
})

it('keeps safe integers and fractions as numbers', () => {
  expect(parseJson('{"id":9007199254740991,"x":1234567890123456.5,"n":"12345678901234567890"}')).toEqual({
    id: 9007199254740991,
    x: 1234567890123456.5,
    n: '12345678901234567890',
  })
})

it('accepts duplicate keys as JSON.parse does, the last one winning', () => {
  expect(parseJson('{"id":9223372036854775807,"id":1}')).toEqual({ id: 1 })
})

it('throws a SyntaxError for text that is not JSON', () => {
  expect(() => parseJson('{"id":12345678901234567890')).toThrow(SyntaxError)
  expect(() => parseJson('nope')).toThrow(SyntaxError)
})
