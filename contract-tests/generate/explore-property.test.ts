import fc from 'fast-check'
import { expect, it } from 'vitest'
import { TargetError } from '../client/target-error.ts'
import { TransportFailure } from '../client/transport-failure.ts'
import type { CheckResult } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import { exploreProperty } from './explore-property.ts'

const options = { seed: 1, maxExamples: 30, concurrency: 2, timeBudgetMs: 5_000 }
const reset = new TransportFailure(
  'closed',
  { method: 'POST', url: 'http://h/v1/pets', bodyBytes: 20 },
  'ECONNRESET',
  1,
)

function context(): { context: ScenarioContext; results: Array<CheckResult> } {
  const results: Array<CheckResult> = []
  const record = (outcome: CheckResult['outcome'], message: string) => results.push({ check: 'c', outcome, message })
  return {
    results,
    // Asserted, not declared: a context may grow members (a budget note) that these tests do not use.
    context: {
      client: {
        readOnly: false,
        call: () => Promise.reject(new Error('unused')),
        keep: () => {},
        headOnWire: async () => undefined,
        baseUrlOf: () => 'http://petstore.test/v1',
      },
      data: {} as ScenarioContext['data'],
      assert: (holds, { message }) => {
        record(holds ? 'passed' : 'failed', message)
        return holds
      },
      observe: ({ message }) => record('warning', message),
      skip: (reason) => {
        throw new Error(reason)
      },
      budgetReached: () => {},
    } as ScenarioContext,
  }
}

it('sets aside a value whose request got no answer and judges the others', async () => {
  const { context: ctx, results } = context()
  await exploreProperty(ctx, options, {
    promise: 'every value holds',
    arbitrary: fc.nat(),
    judge: async (value) => {
      if (value % 5 === 0) throw reset
      return { ok: true }
    },
  })
  expect(results).toHaveLength(1)
  expect(results[0]).toMatchObject({ outcome: 'passed' })
  expect(results[0]?.message).toMatch(/; \d+ got no whole answer and were set aside \(No answer to POST http:\/\/h/)
})

it('could not judge a check most of whose values got no answer', async () => {
  const { context: ctx, results } = context()
  const explored = exploreProperty(ctx, options, {
    promise: 'every value holds',
    arbitrary: fc.nat(),
    judge: async (value) => {
      if (value % 5 !== 0) throw reset
      return { ok: true }
    },
  })
  await expect(explored).rejects.toThrow(/^\d+ of \d+ generated values got no whole answer; the first: No answer/)
  await expect(explored).rejects.toBeInstanceOf(TargetError)
  expect(results).toEqual([])
})
