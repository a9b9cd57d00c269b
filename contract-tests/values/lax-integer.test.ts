import { expect, it } from 'vitest'
import { laxInteger } from './lax-integer.ts'

it('reads the integer a lax parser takes a text for, exactly', () => {
  expect(['1.0', ' 1', '1e1', '0x10', '10e-1', '+4', '-3'].map(laxInteger)).toEqual([1n, 1n, 10n, 16n, 1n, 4n, -3n])
  expect(laxInteger('9223372036854775807.000')).toBe(9223372036854775807n)
})

it('finds no integer in a fraction, trailing letters or words', () => {
  expect(['7.5', '7abc', '', 'abc', 'true', 'null', '1e-1', '.5'].map(laxInteger)).toEqual(
    Array.from({ length: 8 }, () => undefined),
  )
})
