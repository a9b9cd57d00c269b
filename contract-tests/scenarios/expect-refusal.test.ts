import { expect, it } from 'vitest'
import { specChooses } from '../shared/citations.ts'
import type { CheckResult, Exchange } from '../shared/exchange.ts'
import type { AssertDetail, ScenarioContext } from '../shared/scenario.ts'
import { expectRefusal, type RefusalRule } from './expect-refusal.ts'

function judge(status: number, rule: Partial<RefusalRule> = {}) {
  const recorded: Array<Pick<CheckResult, 'outcome'> & AssertDetail> = []
  const context = {
    assert: (holds: boolean, detail: AssertDetail) => {
      recorded.push({ outcome: holds ? 'passed' : 'failed', ...detail })
      return holds
    },
    observe: (detail: AssertDetail) => recorded.push({ outcome: 'warning', ...detail }),
    budgetReached: () => {},
  } as unknown as ScenarioContext
  const exchange = {
    operationId: 'listPets',
    request: { method: 'GET', url: 'http://t/v1/pets?limit=0', headers: {} },
    response: { status, headers: {}, bodyText: '', jsonParsed: false, truncated: false, durationMs: 1 },
    results: [],
  } as Exchange
  const verdict = expectRefusal(context, exchange, {
    preferred: 400,
    refusals: '4xx',
    forgivable: true,
    choice: specChooses.invalidQueryRefused,
    what: 'limit="0"',
    ...rule,
  })
  return { verdict, outcomes: recorded.map((item) => item.outcome), basis: recorded[0]?.basis }
}

it("passes the spec's own refusal", () => {
  expect(judge(400)).toMatchObject({ verdict: 'refused', outcomes: ['passed'] })
})

it("records another allowed refusal as a deviation citing the spec's choice", () => {
  expect(judge(422)).toEqual({ verdict: 'refused', outcomes: ['warning'], basis: specChooses.invalidQueryRefused })
  expect(judge(415, { refusals: [400, 415], forgivable: false })).toMatchObject({ outcomes: ['warning'] })
})

it('records a forgiving 200 as a deviation only where forgiving is allowed', () => {
  expect(judge(200)).toMatchObject({ verdict: 'forgiven', outcomes: ['warning'] })
  expect(judge(200, { forgivable: false })).toMatchObject({ verdict: 'broken', outcomes: ['failed'] })
})

it('fails a 5xx, a redirect and a refusal the interface does not allow', () => {
  expect(judge(500)).toMatchObject({ verdict: 'broken', outcomes: ['failed'] })
  expect(judge(302)).toMatchObject({ verdict: 'broken', outcomes: ['failed'] })
  expect(judge(422, { refusals: [400, 415], forgivable: false })).toMatchObject({ outcomes: ['failed'] })
})
