import { expect, it } from 'vitest'
import { isIso8601Timestamp, isRfc3339Timestamp } from './timestamps.ts'

it('takes every ISO 8601 date and time of day: local, basic, with a short offset or no seconds', () => {
  for (const text of [
    '2026-11-27T13:05:00Z',
    '2026-11-27T13:05:00.123456',
    '2026-11-27T13:05:00+0100',
    '2026-11-27T13:05Z',
    '20261127T130500Z',
    '2026-11-27T13:05:00,5+01',
  ])
    expect(isIso8601Timestamp(text), text).toBe(true)
})

it('refuses what is no date and time of day: a date alone, a month 13, words, an epoch number', () => {
  for (const text of ['2026-11-27', '2026-13-27T13:05:00Z', 'yesterday', '1795784700', 'Fri, 27 Nov 2026 13:05:00 GMT'])
    expect(isIso8601Timestamp(text), text).toBe(false)
})

it('tells RFC 3339 apart: an offset always, seconds always, the extended form', () => {
  expect(isRfc3339Timestamp('2026-11-27T13:05:00.000+02:00')).toBe(true)
  expect(isRfc3339Timestamp('2026-11-27t13:05:00z')).toBe(true)
  for (const text of ['2026-11-27T13:05:00.123456', '2026-11-27T13:05:00+0100', '2026-11-27T13:05Z'])
    expect(isRfc3339Timestamp(text), text).toBe(false)
})
