import { expect, it } from 'vitest'
import { freshnessLifetime } from './stale-read-scenarios.ts'

it('reads how long a cache may reuse an answer from Cache-Control, s-maxage first, then Expires', () => {
  expect(freshnessLifetime({ 'cache-control': 'public, max-age=300' })).toBe(300)
  expect(freshnessLifetime({ 'cache-control': 'max-age=60, s-maxage=5' })).toBe(5)
  const date = 'Thu, 05 Dec 2030 00:00:00 GMT'
  expect(freshnessLifetime({ date, expires: 'Thu, 05 Dec 2030 00:01:00 GMT' })).toBe(60)
})

it('gives none to an answer that must be asked again, or says nothing', () => {
  expect(freshnessLifetime({ 'cache-control': 'no-cache, max-age=300' })).toBe(0)
  expect(freshnessLifetime({ 'cache-control': 'private, no-store' })).toBe(0)
  expect(freshnessLifetime({ 'cache-control': 'max-age=0' })).toBe(0)
  expect(freshnessLifetime({ etag: '"abc"' })).toBe(0)
})
