import { expect, it } from 'vitest'
import { ciTestSeed, parseSeed, seedOf } from './test-seed.ts'

it('takes PETSTORE_TEST_SEED first, then the fixed seed under CI, else draws a fresh one', () => {
  expect(seedOf({ PETSTORE_TEST_SEED: '42', CI: 'true' })).toBe(42)
  expect(seedOf({ CI: 'true' })).toBe(ciTestSeed)
  const fresh = new Set(Array.from({ length: 5 }, () => seedOf({})))
  expect(fresh.size).toBeGreaterThan(1)
})

it('refuses a seed that is not a 32-bit integer, naming the variable', () => {
  expect(() => seedOf({ PETSTORE_TEST_SEED: '1e3' })).toThrow(
    'Failed to read PETSTORE_TEST_SEED: expected a 32-bit integer, got "1e3".',
  )
  expect(() => parseSeed(String(2 ** 31))).toThrow(/expected a 32-bit integer/)
  expect(parseSeed('-7')).toBe(-7)
})
