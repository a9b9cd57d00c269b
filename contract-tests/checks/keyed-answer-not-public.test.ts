import { expect, it } from 'vitest'
import { judgeHeaders } from './judge-headers.test-support.ts'
import { keyedAnswerNotPublic } from './keyed-answer-not-public.ts'

function judge(
  cacheControl: string | undefined,
  requestHeaders: Record<string, string> = { authorization: 'Bearer k' },
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (cacheControl !== undefined) headers['cache-control'] = cacheControl
  return judgeHeaders(keyedAnswerNotPublic, 200, headers, 'GET', requestHeaders)
}

it('warns of a keyed answer marked public or s-maxage, naming the operation and not the value', () => {
  const verdict = judge('public, max-age=60')
  expect(verdict?.outcome).toBe('warning')
  expect(verdict?.message).toMatch(/^listPets marks .* public:/)
  expect(judge('max-age=0, S-MAXAGE=600')?.outcome).toBe('warning')
})

it('passes a keyed answer kept out of shared caches, or with no Cache-Control', () => {
  expect(judge(undefined)?.outcome).toBe('passed')
  expect(judge('no-store')?.outcome).toBe('passed')
  expect(judge('public, private')?.outcome).toBe('passed')
  expect(judge('max-age=60, must-revalidate, no-cache')?.outcome).toBe('passed')
})

it('warns of must-revalidate on a keyed answer, unless no-cache has every reuse validated first', () => {
  expect(judge('max-age=0, must-revalidate')?.outcome).toBe('warning')
  expect(judge('max-age=0, must-revalidate, private')?.outcome).toBe('passed')
})

it('says nothing of an answer to a request without Authorization', () => {
  expect(judge('public, max-age=60', {})).toBeUndefined()
})
