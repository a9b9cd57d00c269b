import { expect, it } from 'vitest'
import type { CheckResult, Exchange } from './exchange.ts'
import { countFindings } from './run-result.ts'
import type { ScenarioResult } from './scenario-result.ts'

const missingHeader: CheckResult = {
  check: 'deprecation_headers',
  outcome: 'warning',
  level: 'deviation',
  message: 'getPet is deprecated but the response has no deprecation or sunset header.',
}
const exchange = (id: number): Exchange => ({
  operationId: 'getPet',
  request: { method: 'GET', url: `http://t/v1/pets/${id}`, headers: {} },
  results: [missingHeader],
})
const scenario = (assertions: Array<CheckResult>, exchanges: Array<Exchange>): ScenarioResult => ({
  check: 'get_matches_list',
  title: 't',
  operationId: 'getPet',
  writes: false,
  outcome: 'passed',
  assertions,
  exchanges,
  durationMs: 0,
})

it('counts a deviation seen on eight responses once', () => {
  const eight = Array.from({ length: 8 }, (_, id) => exchange(id))
  expect(countFindings(scenario([], eight.slice(0, 4)), [scenario([], eight.slice(4))])).toEqual({
    violations: 0,
    deviations: 1,
  })
})

it('counts different findings apart, and the same finding on two requests once', () => {
  const failed = (message: string): CheckResult => ({ check: 'x', outcome: 'failed', level: 'violation', message })
  const setup = scenario([failed('a (GET http://t/v1/pets/1)'), failed('a (GET http://t/v1/pets/2)'), failed('b')], [])
  expect(countFindings(setup, [])).toEqual({ violations: 2, deviations: 0 })
})
