import { expect, it } from 'vitest'
import type { Exchange } from '../contract-tests/shared/exchange.ts'
import { ProxyReport } from './proxy-report.ts'

const target = { name: 'proxy to t', baseUrl: 'http://t/v1', messagesBaseUrl: 'http://t', readOnly: false }
const body = 'x'.repeat(1_000_000)

/** A create answered `status`, with a finding `check` (or none). */
function exchange(status: number, check?: string): Exchange {
  const finding = check && { check, outcome: 'failed' as const, level: 'violation' as const, message: `${check}.` }
  return {
    operationId: 'createPet',
    request: { method: 'POST', url: 'http://t/v1/pets', headers: {}, body },
    response: { status, headers: {}, bodyText: '{}', jsonParsed: true, json: {}, truncated: false, durationMs: 1 },
    results: finding ? [finding] : [],
  }
}

it('counts every request and keeps a few per finding, each request body cut to its start with its size', () => {
  const report = new ProxyReport(target, { strict: false })
  for (let index = 0; index < 1_000; index++) report.add(exchange(418, index % 2 === 0 ? 'odd' : 'even'))
  const [teapot] = report.result().scenarios
  expect(teapot?.reason).toBe(
    '1,000 requests, 6 exchanges kept in this report; findings: odd on 500 of them, even on 500 of them.',
  )
  expect(teapot?.exchanges).toHaveLength(6)
  expect(teapot?.exchanges[0]?.request).toMatchObject({ wholeBodyBytes: 1_000_000 })
  expect(teapot?.exchanges[0]?.request.body).toHaveLength(2_048)
  expect(report.traffic()).toEqual({ exchanges: 1_000, judged: 1_000, unrouted: 0, refused: 0, notes: [] })
})

it('keeps 300 exchanges in all, whatever the number of test cases, and says so', () => {
  const report = new ProxyReport(target, { strict: false })
  for (let status = 400; status < 600; status++) for (let copy = 0; copy < 3; copy++) report.add(exchange(status, 's'))
  const kept = report.result().scenarios.reduce((sum, scenario) => sum + scenario.exchanges.length, 0)
  expect(kept).toBe(300)
  expect(report.traffic().notes).toEqual([
    'This report keeps 300 exchanges; the findings of the others are counted, not kept.',
  ])
})
