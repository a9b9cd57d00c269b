import { expect, it } from 'vitest'
import { repeatedHost } from './repeated-host.ts'

it('finds a second Host field line in any case, and nothing in one or none', () => {
  expect(repeatedHost(['Host', 'a.test', 'Accept', '*/*', 'HOST', 'b.test'])).toBe(true)
  expect(repeatedHost(['host', 'a.test', 'host', 'a.test'])).toBe(true)
  expect(repeatedHost(['Host', 'a.test', 'X-Host', 'b.test'])).toBe(false)
  expect(repeatedHost(['hOsT', 'a.test', 'Hosx', 'b.test', 'Ho\u0014t', 'c.test'])).toBe(false)
  expect(repeatedHost(['hOsT', 'a.test', 'HoSt', 'b.test'])).toBe(true)
  expect(repeatedHost([])).toBe(false)
})
