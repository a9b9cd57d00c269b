import { expect, it } from 'vitest'
import { secretRuns } from './secret-runs.ts'

it('takes every run of 12 of a long secret, forwards and reversed, and its hex and base64', () => {
  const { runs } = secretRuns(['rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'], [])
  expect(runs.get(12)).toContain('rk_test_9zq4')
  expect(runs.get(12)).toContain('4qz9_tset_kr')
  expect(runs.get(8)).toBeUndefined()
  expect(runs.get(24)).toContain(Buffer.from('rk_test_9Zq4').toString('hex'))
  expect(runs.get(15)).toContain(
    Buffer.from('rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj').toString('base64').slice(0, 15).toLowerCase(),
  )
})

it('takes runs of 8 of a shorter secret unless they read as words', () => {
  const { runs } = secretRuns(['petstore-dev-key', 'Ab9-xYz2qrst'], [])
  expect(runs.get(8)).not.toContain('petstore')
  expect(runs.get(8)).not.toContain('etstore-')
  expect(runs.get(12)).toContain('petstore-dev')
  expect(runs.get(8)).toContain('ab9-xyz2')
  expect(runs.get(8)).toContain('xyz2qrst')
})

it('finds a letters-only secret of fewer than 12 characters whole', () => {
  expect(secretRuns(['swordfish'], []).runs.get(9)).toEqual(new Set(['swordfish', 'hsifdrows']))
})

it('keeps the pieces too short for a run that count where the suite cut a text: not words, 5 characters on', () => {
  const { cut } = secretRuns(['rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'], [])
  expect(cut).toContain('rk_test_9')
  expect(cut).toContain('9zq4l')
  expect(cut).not.toContain('rk_test_')
  expect(cut).not.toContain('9zq4')
})
