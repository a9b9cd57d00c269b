import { expect, it } from 'vitest'
import { parseRawAnswers } from '../client/raw-exchange-parse.ts'
import type { RawAnswer } from './contract-caller.ts'
import { answerHeadFaults, transferCodingFaults, wireAnswerFaults } from './wire-answer-faults.ts'

/** The one answer `text` holds, read as the wire checks read it (the connection closed after it). */
function answerOf(text: string): RawAnswer {
  const [answer] = parseRawAnswers(Buffer.from(text, 'latin1'), ['GET'], true).answers
  if (!answer) throw new Error(`no answer in ${JSON.stringify(text)}`)
  return answer
}

const sections = (text: string, on = {}) =>
  wireAnswerFaults(answerOf(text), on).map((fault) => /RFC 9112 sections? [\d.]+/.exec(fault.basis.text)?.[0])

it('finds nothing wrong with a well-formed answer, with or without a reason-phrase', () => {
  expect(sections('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]')).toEqual([])
  expect(sections('HTTP/1.1 200 \r\ncontent-length: 2\r\n\r\n[]')).toEqual([])
  expect(sections('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n')).toEqual([])
})

it.each([
  ['no SP after the status code', 'HTTP/1.1 200\r\ncontent-length: 2\r\n\r\n[]', 'RFC 9112 section 4'],
  ['the version in lower case', 'http/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]', 'RFC 9112 section 2.3'],
  ['a bare CR in a field value', 'HTTP/1.1 200 OK\r\nx-a: 1\r\r\ncontent-length: 2\r\n\r\n[]', 'RFC 9112 section 2.2'],
  ['lines ended by LF alone', 'HTTP/1.1 200 OK\ncontent-length: 2\n\n[]', 'RFC 9112 section 2.1'],
  ['white space before the first field', 'HTTP/1.1 200 OK\r\n content-length: 2\r\n\r\n[]', 'RFC 9112 section 2.2'],
  ['a folded field line', 'HTTP/1.1 200 OK\r\nx-a: 1\r\n 2\r\ncontent-length: 2\r\n\r\n[]', 'RFC 9112 section 5.2'],
  ['white space before a colon', 'HTTP/1.1 200 OK\r\ncontent-length : 2\r\n\r\n[]', 'RFC 9112 section 2.1'],
  [
    'both Transfer-Encoding and Content-Length',
    'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n',
    'RFC 9112 section 6.2',
  ],
  [
    'a coding other than chunked to a request without TE',
    'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n',
    'RFC 9112 section 7.4',
  ],
  [
    'chunked twice',
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked, chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n',
    'RFC 9112 section 6.1',
  ],
])('finds %s, citing its sentence', (_name, text, section) => {
  expect(sections(text, { closedAfter: true })).toContain(section)
})

it('holds a coding other than chunked last to a close right after the answer', () => {
  const gzip = answerOf('HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\n[]')
  const open = transferCodingFaults(gzip, { closedAfter: false }).map((fault) => fault.message)
  expect(open).toContain('its last transfer coding is gzip, not chunked, and the connection stayed open after it')
  const closed = transferCodingFaults(gzip, { closedAfter: true }).map((fault) => fault.message)
  expect(closed.join()).not.toContain('stayed open')
})

it('reports as deviations only an HTTP/1.0 status-line to an HTTP/1.1 request and content the close delimits', () => {
  const old = answerHeadFaults(answerOf('HTTP/1.0 200 OK\r\ncontent-length: 2\r\n\r\n[]'), {})
  expect(old.map((fault) => fault.deviation)).toEqual([true])
  expect(answerHeadFaults(answerOf('HTTP/1.0 200 OK\r\ncontent-length: 2\r\n\r\n[]'), { http10: true })).toEqual([])
  const byClose = transferCodingFaults(answerOf('HTTP/1.1 200 OK\r\n\r\n[]'), { closedAfter: true })
  expect(byClose.map((fault) => fault.deviation)).toEqual([true])
})
