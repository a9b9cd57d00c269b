import { expect, it } from 'vitest'
import { defaultMaxConnections, openFileLimit } from './open-file-limit.ts'

it('keeps connections below the open-file limit by what is open and a margin', () => {
  expect(defaultMaxConnections({ limit: 1_024, open: 21 })).toBe(939)
  expect(defaultMaxConnections({ limit: 65_536, open: 40 })).toBe(65_536 - 40 - 3_277)
  // A limit too small for the margin still leaves a few connections.
  expect(defaultMaxConnections({ limit: 64, open: 30 })).toBe(16)
})

it("reads this process's limit and open files", () => {
  const { limit, open } = openFileLimit()
  expect(limit).toBeGreaterThan(open)
  expect(open).toBeGreaterThan(2)
})
