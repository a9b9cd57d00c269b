import { expect, it } from 'vitest'
import { classifyFetchError } from './classify-fetch-error.ts'

const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } })

it('tells a connection never made from one closed before an answer, and both from our deadline', () => {
  expect(classifyFetchError(fetchFailed('ECONNREFUSED'))).toEqual({ kind: 'refused', cause: 'ECONNREFUSED' })
  expect(classifyFetchError(fetchFailed('ENOTFOUND'))).toEqual({ kind: 'refused', cause: 'ENOTFOUND' })
  expect(classifyFetchError(fetchFailed('ECONNRESET'))).toEqual({ kind: 'closed', cause: 'ECONNRESET' })
  expect(classifyFetchError(fetchFailed('UND_ERR_SOCKET'))).toEqual({ kind: 'closed', cause: 'UND_ERR_SOCKET' })
  expect(classifyFetchError(new DOMException('aborted', 'TimeoutError'))).toEqual({ kind: 'timeout', cause: 'timeout' })
})

it('falls back on the message of an error without a code', () => {
  expect(classifyFetchError(new TypeError('Failed to fetch'))).toEqual({ kind: 'closed', cause: 'Failed to fetch' })
})
