import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { scenarioFixture } from '../reports/run-result-fixture.test-support.ts'
import { progressPrinter } from './progress-printer.ts'

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => vi.useRealTimers())

const advance = (ms: number) => vi.advanceTimersByTime(ms)
const now = () => Date.now()

it('prints a line per test case as it finishes, numbered out of the total', () => {
  const lines: Array<string> = []
  const printer = progressPrinter({ line: (text) => lines.push(text), now })
  advance(1200)
  printer.onProgress({
    result: scenarioFixture({ check: 'suite_setup', title: 'setup', durationMs: 1200 }),
    done: 1,
    total: 12,
  })
  printer.onProgress({
    result: scenarioFixture({
      check: 'auth_required',
      title: 'listPets answers 401',
      outcome: 'failed',
      durationMs: 40,
    }),
    done: 2,
    total: 12,
  })
  printer.stop()
  expect(lines).toEqual([
    '[ 1/12] ✓ suite_setup: setup (1.2 s)',
    '[ 2/12] ✗ auth_required: listPets answers 401 (0.0 s)',
  ])
})

it('says the run is alive when nothing finished for a while, and only then', () => {
  const lines: Array<string> = []
  const printer = progressPrinter({ line: (text) => lines.push(text), heartbeatMs: 15_000, now })
  printer.onProgress({ result: scenarioFixture(), done: 1, total: 40 })
  lines.length = 0
  advance(14_000)
  expect(lines).toEqual([])
  advance(16_000)
  expect(lines).toEqual([
    '  … 15 s: 1 of 40 test cases done, still running (the last finished 15 s ago)',
    '  … 30 s: 1 of 40 test cases done, still running (the last finished 30 s ago)',
  ])
  printer.onProgress({ result: scenarioFixture(), done: 2, total: 40 })
  lines.length = 0
  advance(10_000)
  printer.stop()
  advance(60_000)
  expect(lines).toEqual([])
})

it('rewrites one live line on a terminal, cut to its width, and clears it when done', () => {
  const live: Array<string> = []
  const lines: Array<string> = []
  const printer = progressPrinter({ line: (text) => lines.push(text), live: (text) => live.push(text), columns: 40 })
  printer.onProgress({
    result: scenarioFixture({ check: 'generated_valid_create', outcome: 'failed' }),
    done: 3,
    total: 150,
  })
  printer.stop()
  expect(lines).toEqual([])
  expect(live[0]).toMatch(/^\[ {2}3\/150\] \d+\.\d s, 1 failing: ✗ gen/)
  expect(live[0]?.length).toBeLessThanOrEqual(39)
  expect(live.at(-1)).toBe('')
})
