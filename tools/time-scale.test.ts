import { afterEach, expect, it, vi } from 'vitest'
import { calibrateTimeScale, scaledMs, timeScale } from './time-scale.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

it('scales a bound by the calibration handed down in PETSTORE_TIME_SCALE', () => {
  vi.stubEnv('PETSTORE_TIME_SCALE', '3')
  expect(scaledMs(1_000)).toBeGreaterThanOrEqual(3_000)
})

it('never shrinks a bound, and never grows it past twelve times', () => {
  vi.stubEnv('PETSTORE_TIME_SCALE', '0.2')
  expect(scaledMs(1_000)).toBeGreaterThanOrEqual(1_000)
  vi.stubEnv('PETSTORE_TIME_SCALE', '400')
  expect(scaledMs(1_000)).toBe(12_000)
  vi.stubEnv('PETSTORE_TIME_SCALE', 'busy')
  expect(timeScale()).toBeGreaterThanOrEqual(1)
})

it('keeps a scale the user set as the floor of the calibration, and hands the result down', () => {
  vi.stubEnv('PETSTORE_TIME_SCALE', '5')
  const scale = calibrateTimeScale()
  expect(scale).toBeGreaterThanOrEqual(5)
  expect(Number(process.env.PETSTORE_TIME_SCALE)).toBeCloseTo(scale, 2)
})
