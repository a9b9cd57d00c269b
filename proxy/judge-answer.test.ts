import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { operations } from '../spec/operations.ts'
import { judgeAnswer } from './judge-answer.ts'

const request = { method: 'GET', url: 'https://api.test/v1/pets/7', headers: {} }
const pet = '{"id":7,"name":"Rex","categoryId":9007199254740993}'
const headers = ['Content-Type', 'application/json', 'Deprecation', '@1767225600']
headers.push('Sunset', 'Thu, 05 Dec 2030 00:00:00 GMT', 'Date', 'Fri, 27 Nov 2026 10:00:00 GMT')

it('judges an answer by the suite checks, int64 exact, as the suite client reads it', async () => {
  const answer = { status: 200, rawHeaders: headers, body: Buffer.from(pet), whole: true, started: 0 }
  const exchange = await judgeAnswer(operations.getPet, { petId: '7' }, request, answer)
  expect(exchange.results.filter(({ outcome }) => outcome !== 'passed')).toEqual([])
  expect((exchange.response?.json as { categoryId?: unknown } | undefined)?.categoryId).toBe(9007199254740993n)
})

it('judges a gzip answer by its decoded body, and names a body its encoding does not decode', async () => {
  const zipped = { status: 200, rawHeaders: [...headers, 'Content-Encoding', 'gzip'], whole: true, started: 0 }
  const good = await judgeAnswer(operations.getPet, { petId: '7' }, request, { ...zipped, body: gzipSync(pet) })
  expect(good.response?.bodyText).toBe(pet)
  const broken = await judgeAnswer(operations.getPet, { petId: '7' }, request, { ...zipped, body: Buffer.from(pet) })
  expect(broken.transportError).toBe('The body could not be decoded as gzip, as its Content-Encoding says it is.')
})

it('finds a violation in one exchange: a pet without its id', async () => {
  const answer = { status: 200, rawHeaders: headers, body: Buffer.from('{"name":"Rex"}'), whole: true, started: 0 }
  const exchange = await judgeAnswer(operations.getPet, { petId: '7' }, request, answer)
  expect(exchange.results).toContainEqual(
    expect.objectContaining({ check: 'response_schema_conformance', outcome: 'failed', level: 'violation' }),
  )
})
