import { expect, it } from 'vitest'
import { operations } from '../../spec/operations.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import { answerFieldRules, fieldBreaches } from './answer-field-rules.ts'

const judged = (status: number, headers: Record<string, string>) => {
  const response: ExchangeResponse = {
    status,
    headers,
    bodyText: '',
    jsonParsed: false,
    truncated: false,
    durationMs: 1,
  }
  const exchange: Exchange & { response: ExchangeResponse } = {
    operationId: 'listPets',
    request: { method: 'GET', url: 'http://t/v1/pets', headers: {} },
    response,
    results: [],
  }
  return answerFieldRules.run(exchange, operations.listPets)
}

it('passes an answer whose fields keep the rules, Keep-Alive listed in Connection', () => {
  const headers = { date: 'Tue, 01 Dec 2026 10:00:00 GMT', connection: 'keep-alive', 'keep-alive': 'timeout=5' }
  expect(judged(200, headers)?.outcome).toBe('passed')
})

it('fails a 204 with Content-Length, as the cors package answers a preflight', () => {
  expect(judged(204, { 'content-length': '0' })?.outcome).toBe('failed')
})

it('fails an advertised Upgrade without the upgrade connection option, and a 426 without Upgrade', () => {
  expect(judged(200, { upgrade: 'h2,h2c', connection: 'keep-alive' })?.outcome).toBe('failed')
  expect(judged(426, {})?.outcome).toBe('failed')
  expect(judged(200, { upgrade: 'h2c', connection: 'Upgrade, Keep-Alive' })?.outcome).toBe('passed')
})

it('fails Keep-Alive without its connection option and an end-to-end field named as one', () => {
  expect(judged(200, { 'keep-alive': 'timeout=5', connection: 'close' })?.outcome).toBe('failed')
  expect(judged(200, { connection: 'keep-alive, Cache-Control' })?.outcome).toBe('failed')
})

it('fails a Last-Modified later than the Date, and passes one before it', () => {
  const date = 'Tue, 01 Dec 2026 10:00:00 GMT'
  expect(judged(200, { date, 'last-modified': 'Tue, 01 Dec 2026 11:00:00 GMT' })?.outcome).toBe('failed')
  expect(judged(200, { date, 'last-modified': 'Tue, 01 Dec 2026 09:00:00 GMT' })?.outcome).toBe('passed')
})

it('tells a singleton field sent twice from one value, joined or line by line', () => {
  expect(judged(200, { 'content-type': 'application/json; charset="a,b"' })?.outcome).toBe('passed')
  expect(judged(200, { 'content-type': 'application/json, application/json' })?.outcome).toBe('failed')
  expect(judged(200, { etag: '"a", "b"' })?.outcome).toBe('failed')
  expect(
    fieldBreaches(
      200,
      [
        ['Date', 'x'],
        ['date', 'y'],
      ],
      { joined: false },
    ),
  ).toHaveLength(1)
})

it('warns of "identity" in Content-Encoding, a SHOULD NOT', () => {
  expect(judged(200, { 'content-encoding': 'identity' })?.outcome).toBe('warning')
})
