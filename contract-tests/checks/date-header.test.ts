import { expect, it } from 'vitest'
import { dateHeader } from './date-header.ts'
import { judgeHeaders } from './judge-headers.test-support.ts'

const onTheWire = { 'content-type': 'application/json', 'content-length': '2' }

const judge = (status: number, headers: Record<string, string>, method = 'GET') =>
  judgeHeaders(dateHeader, status, headers, method)

it('passes an IMF-fixdate on any answer', () => {
  expect(judge(200, { ...onTheWire, date: 'Sun, 06 Nov 1994 08:49:37 GMT' })?.outcome).toBe('passed')
  expect(judge(503, { date: 'Fri, 27 Nov 2026 14:53:00 GMT' })?.outcome).toBe('passed')
})

it('fails a Date in another form, whatever the status: the obsolete forms, local time, ISO 8601, two of them', () => {
  for (const date of [
    'Sunday, 06-Nov-94 08:49:37 GMT',
    'Sun Nov  6 08:49:37 1994',
    'Fri Nov 27 2026 14:58:15 GMT+0000 (Coordinated Universal Time)',
    '2026-11-27T14:58:15Z',
    'sun, 06 nov 1994 08:49:37 gmt',
    'Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:38 GMT',
  ])
    expect(judge(404, { ...onTheWire, date })?.outcome, date).toBe('failed')
})

it('warns of a 2xx, 3xx or 4xx from a server without Date, and cites the scope of the sentence', () => {
  const verdict = judge(401, onTheWire)
  expect(verdict?.outcome).toBe('warning')
  expect(verdict?.basis?.source).toBe('x-mock-behaviour')
  expect(judge(200, { 'content-type': 'application/json', connection: 'close' })?.outcome).toBe('warning')
})

it('says nothing of a missing Date on a 5xx, an answer no server framed, or a method the operation lacks', () => {
  expect(judge(500, onTheWire)).toBeUndefined()
  expect(judge(200, { 'content-type': 'application/json' })).toBeUndefined()
  expect(judge(400, onTheWire, 'FROBNICATE')).toBeUndefined()
})
