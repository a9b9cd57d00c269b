import { expect, it } from 'vitest'
import { createMockClock, parseIsoInstant } from './mock-clock.ts'

it('reads a bare date as its UTC midnight and a date-time without an offset as UTC', () => {
  expect(parseIsoInstant('2030-12-05')).toBe(Date.UTC(2030, 11, 5))
  expect(parseIsoInstant('2030-12-05T09:30:00')).toBe(Date.UTC(2030, 11, 5, 9, 30))
  expect(parseIsoInstant('2030-12-05T09:30:00+02:00')).toBe(Date.UTC(2030, 11, 5, 7, 30))
})

it('refuses what is not an ISO-8601 date on the calendar, naming the form it expects', () => {
  for (const text of ['tomorrow', '2030-02-31', '2030-13-01', '05/12/2030', '2030-12-05 09:30'])
    expect(() => parseIsoInstant(text), text).toThrow(/expected ISO 8601 such as 2030-12-05/)
})

it('sets the clock to a date and lets it run on from there', async () => {
  const clock = createMockClock('2030-12-04T23:59:59Z')
  const first = clock()
  expect(Math.abs(first - Date.UTC(2030, 11, 4, 23, 59, 59))).toBeLessThan(1000)
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(clock()).toBeGreaterThan(first)
})

it('asks a function on every read, and uses the real clock when given nothing', () => {
  let at = new Date('2031-01-01T00:00:00Z')
  const clock = createMockClock(() => at)
  expect(clock()).toBe(at.getTime())
  at = new Date('2020-01-01T00:00:00Z')
  expect(clock()).toBe(at.getTime())
  expect(Math.abs(createMockClock()() - Date.now())).toBeLessThan(1000)
})
