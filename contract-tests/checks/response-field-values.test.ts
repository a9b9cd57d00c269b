import { expect, it } from 'vitest'
import { judgeHeaders } from './judge-headers.test-support.ts'
import { responseFieldValues } from './response-field-values.ts'

const judge = (headers: Record<string, string>, status = 200, requestHeaders: Record<string, string> = {}) =>
  judgeHeaders(responseFieldValues, status, headers, 'GET', requestHeaders)

it('passes the values frameworks send, and has nothing to say of an answer without those fields', () => {
  expect(judge({ 'retry-after': '120' }, 429)?.outcome).toBe('passed')
  expect(judge({ 'retry-after': 'Fri, 27 Nov 2026 14:53:00 GMT' }, 503)?.outcome).toBe('passed')
  expect(judge({ age: '0', 'cache-control': 'private, max-age=0, no-cache="Set-Cookie"' })?.outcome).toBe('passed')
  expect(judge({ 'www-authenticate': 'Bearer realm="petstore", error="invalid_token"' }, 401)?.outcome).toBe('passed')
  expect(judge({ server: 'uvicorn' })?.outcome).toBe('passed')
  expect(judge({ 'accept-encoding': 'gzip;q=1.0, identity;q=0.5' })?.outcome).toBe('passed')
  expect(judge({ 'content-type': 'application/json' })).toBeUndefined()
})

it('fails a Retry-After, an Age or a delta-seconds argument that is not a whole number of seconds', () => {
  expect(judge({ 'retry-after': '500ms' }, 201)?.outcome).toBe('failed')
  expect(judge({ 'retry-after': '1.5' }, 429)?.outcome).toBe('failed')
  expect(judge({ age: '1.25' })?.outcome).toBe('failed')
  expect(judge({ 'cache-control': 'private, max-age=29.5' })?.outcome).toBe('failed')
  expect(judge({ 'cache-control': 'max-age=-1' })?.outcome).toBe('failed')
})

it('fails max-age and s-maxage in quoted-string form', () => {
  expect(judge({ 'cache-control': 'private, max-age="30"' })?.message).toMatch(/quoted-string/)
  expect(judge({ 'cache-control': 'no-cache, s-maxage="30"' })?.message).toMatch(/s-maxage/)
})

it('fails an unquoted realm, an advertising Server and weights of four decimals', () => {
  expect(judge({ 'www-authenticate': 'Bearer realm=petstore' }, 401)?.outcome).toBe('failed')
  expect(judge({ server: 'PetStore/2.1, the friendliest pet API!' })?.outcome).toBe('failed')
  expect(judge({ 'accept-encoding': 'gzip;q=1.0000' })?.outcome).toBe('failed')
})

it('fails Accept-Encoding on a 415 to a request without a content coding, not to one with it', () => {
  expect(judge({ 'accept-encoding': 'gzip' }, 415)?.outcome).toBe('failed')
  expect(judge({ 'accept-encoding': 'gzip' }, 415, { 'content-encoding': 'br' })?.outcome).toBe('passed')
})

it('takes a detailed Server, token field names, must-understand alone, no Location as deviations', () => {
  expect(judge({ server: 'Werkzeug/2.2.2 Python/3.11.2' })?.outcome).toBe('warning')
  expect(judge({ 'cache-control': 'no-cache=Set-Cookie' })?.outcome).toBe('warning')
  expect(judge({ 'cache-control': 'must-understand, max-age=0' })?.outcome).toBe('warning')
  expect(judge({ 'cache-control': 'must-understand, no-store' })?.outcome).toBe('passed')
  expect(judge({}, 301)?.outcome).toBe('warning')
  expect(judge({ location: '/v1/pets' }, 308)?.outcome).toBe('passed')
})
