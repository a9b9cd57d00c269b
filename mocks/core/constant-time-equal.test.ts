import fc from 'fast-check'
import { expect, it, vi } from 'vitest'
import { constantTimeEqual } from './constant-time-equal.ts'

// A spy that calls through: the authenticator's comparisons can be counted without changing them.
vi.mock('./constant-time-equal.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./constant-time-equal.ts')>()
  return { constantTimeEqual: vi.fn(actual.constantTimeEqual) }
})
const comparisons = vi.mocked(constantTimeEqual)
// Loaded after the mock: the unit project shares modules between files, and a copy of the authenticator
// another file loaded first would hold the real comparison.
vi.resetModules()
const { createAuthenticator } = await import('./create-authenticator.ts')

/** The comparisons `run` made (read from an offset: clearing this call-through spy breaks it in vitest 4). */
function comparisonsDuring(run: () => void): Array<Array<unknown>> {
  const start = comparisons.mock.calls.length
  run()
  return comparisons.mock.calls.slice(start)
}

it.each([
  ['two empty strings', '', ''],
  ['equal keys', 'petstore-dev-key', 'petstore-dev-key'],
  ['equal non-ASCII', 'clé-🔑-日本', 'clé-🔑-日本'],
  ['equal strings with NULs', 'a\u0000b', 'a\u0000b'],
])('finds %s equal', (_case, a, b) => {
  expect(constantTimeEqual(a, b)).toBe(true)
})

it.each([
  ['empty and non-empty', '', 'k'],
  ['non-empty and empty', 'k', ''],
  ['a prefix', 'petstore-dev-key', 'petstore-dev-ke'],
  ['a longer string', 'petstore-dev-key', 'petstore-dev-keyy'],
  ['a NUL-padded string', 'key', 'key\u0000'],
  ['the first character different', 'xetstore-dev-key', 'petstore-dev-key'],
  ['the last character different', 'petstore-dev-kez', 'petstore-dev-key'],
  ['another case', 'PETSTORE-DEV-KEY', 'petstore-dev-key'],
  ['composed and decomposed é', '\u00e9', 'e\u0301'],
  ['emoji differing in the low surrogate', '😀', '😁'],
  ['a lone surrogate and a pair', '\ud83d', '😀'],
])('finds %s unequal', (_case, a, b) => {
  expect(constantTimeEqual(a, b)).toBe(false)
  expect(constantTimeEqual(b, a)).toBe(false)
})

it('agrees with === on any two strings, unicode and near-misses included', () => {
  const nearMiss = fc
    .tuple(fc.string({ unit: 'binary' }), fc.nat(), fc.string({ unit: 'binary', maxLength: 2 }))
    .map(([a, at, replacement]) => {
      const index = a.length === 0 ? 0 : at % a.length
      return [a, `${a.slice(0, index)}${replacement}${a.slice(index + 1)}`] as const
    })
  const anyPair = fc.tuple(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }))
  fc.assert(
    fc.property(fc.oneof(nearMiss, anyPair), ([a, b]) => constantTimeEqual(a, b) === (a === b)),
    { numRuns: 2_000 },
  )
})

it('compares the token with every key even when the first key matches', () => {
  const authenticate = createAuthenticator(['key-one', 'key-two', 'key-three'])
  const calls = comparisonsDuring(() => expect(authenticate('Bearer key-one')).toBeUndefined())
  expect(calls).toEqual([
    ['key-one', 'key-one'],
    ['key-one', 'key-two'],
    ['key-one', 'key-three'],
  ])
})

it('compares the token with every key when none matches, whatever its length', () => {
  const keys = ['key-one', 'key-two', 'key-three']
  const authenticate = createAuthenticator(keys)
  for (const token of ['k', 'key-on', 'key-onf', 'x'.repeat(1_000)]) {
    const calls = comparisonsDuring(() => expect(authenticate(`Bearer ${token}`)?.status).toBe(401))
    expect(calls).toEqual(keys.map((key) => [token, key]))
  }
})

it('accepts any one of several keys and no other', () => {
  const authenticate = createAuthenticator(['key-one', 'key-two'])
  expect(authenticate('Bearer key-two')).toBeUndefined()
  expect(authenticate('Bearer key-three')?.status).toBe(401)
})
