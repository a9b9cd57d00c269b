import { expect, it } from 'vitest'
import type { UnansweredRequest } from '../shared/scenario-result.ts'
import { unansweredTwice } from './request-answered.ts'

const lost = (kind: UnansweredRequest['kind'], url = 'http://127.0.0.1:1/v1/pets/7'): UnansweredRequest => ({
  operationId: 'getPet',
  method: 'GET',
  url,
  bodyBytes: 0,
  kind,
  reason: `No answer to GET ${url} within 10000 ms.`,
})

it('fails a request left without an answer on both tries while the service answers others', () => {
  const finding = unansweredTwice([lost('timeout')], [lost('timeout')], 12)
  expect(finding).toMatchObject({ check: 'request_answered', outcome: 'failed', level: 'violation' })
  expect(finding?.message).toBe(
    'No answer to GET http://127.0.0.1:1/v1/pets/7 within 10000 ms, on both tries of the check, while the service ' +
      'answered 12 other requests of the run (GET http://127.0.0.1:1/v1/pets/7)',
  )
  expect(finding?.expected).toBe("an answer of getPet's Responses table")
})

it('gives no verdict on a target that answered nothing, a request lost once, or a connection closed', () => {
  expect(unansweredTwice([lost('timeout')], [lost('timeout')], 0)).toBeUndefined()
  expect(unansweredTwice([lost('timeout')], [lost('timeout', 'http://127.0.0.1:1/v1/pets/8')], 5)).toBeUndefined()
  expect(unansweredTwice([], [lost('timeout')], 5)).toBeUndefined()
  expect(unansweredTwice([lost('closed')], [lost('closed')], 5)).toBeUndefined()
  expect(unansweredTwice([lost('refused')], [lost('refused')], 5)).toBeUndefined()
})
