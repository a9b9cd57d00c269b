import { expect, it } from 'vitest'
import { RunIndex } from './run-finder.ts'
import { secretRuns } from './secret-runs.ts'

function runsOf(secrets: Array<string>) {
  const into = { runs: new RunIndex(), cut: new RunIndex() }
  secretRuns(secrets, [], into)
  return { ...into, has: (index: RunIndex, run: string) => index.holds(run, 0, run.length) }
}

it('takes every run of 12 of a long secret, forwards and reversed, and its hex and base64', () => {
  const { runs, has } = runsOf(['rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'])
  expect(has(runs, 'rk_test_9zq4')).toBe(true)
  expect(has(runs, '4qz9_tset_kr')).toBe(true)
  expect(runs.lengths).not.toContain(8)
  expect(has(runs, Buffer.from('rk_test_9Zq4').toString('hex'))).toBe(true)
  const base64 = Buffer.from('rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj').toString('base64')
  expect(has(runs, base64.slice(0, 15).toLowerCase())).toBe(true)
})

it('takes runs of 8 of a shorter secret unless they read as words', () => {
  const { runs, has } = runsOf(['petstore-dev-key', 'Ab9-xYz2qrst'])
  expect(has(runs, 'petstore')).toBe(false)
  expect(has(runs, 'etstore-')).toBe(false)
  expect(has(runs, 'petstore-dev')).toBe(true)
  expect(has(runs, 'ab9-xyz2')).toBe(true)
  expect(has(runs, 'xyz2qrst')).toBe(true)
})

it('finds a letters-only secret of fewer than 12 characters whole', () => {
  const { runs, has } = runsOf(['swordfish'])
  expect(has(runs, 'swordfish')).toBe(true)
  expect(has(runs, 'hsifdrows')).toBe(true)
  expect(has(runs, 'swordfist')).toBe(false)
})

it('keeps the pieces too short for a run that count where the suite cut a text: not words, 5 characters on', () => {
  const { cut, has } = runsOf(['rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'])
  expect(has(cut, 'rk_test_9')).toBe(true)
  expect(has(cut, '9zq4l')).toBe(true)
  expect(has(cut, 'rk_test_')).toBe(false)
  expect(has(cut, '9zq4')).toBe(false)
})
