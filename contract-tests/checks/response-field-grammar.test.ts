import { expect, it } from 'vitest'
import { judgeHeaders } from './judge-headers.test-support.ts'
import { responseFieldGrammar } from './response-field-grammar.ts'

const judge = (headers: Record<string, string>, status = 200) => judgeHeaders(responseFieldGrammar, status, headers)

it('passes the fields frameworks send, in their grammar', () => {
  const fields = {
    'content-type': 'application/json; charset="utf-8"',
    etag: 'W/"2a-xyz"',
    'last-modified': 'Fri, 27 Nov 2026 14:53:00 GMT',
    allow: 'GET, HEAD,POST',
    vary: 'Accept-Encoding, Origin',
    'cache-control': 'no-cache, max-age=0, private="set-cookie"',
    'www-authenticate': 'Bearer realm="pets, store", error="invalid_token", Basic realm="x"',
    location: '/v1/pets/1',
  }
  expect(judge(fields)?.outcome).toBe('passed')
  expect(judge({ allow: '' }, 405)?.outcome).toBe('passed')
  expect(judge({ 'www-authenticate': 'Bearer abc==' }, 401)?.outcome).toBe('passed')
})

it('fails an unquoted ETag, a space-separated Allow and an empty list member', () => {
  expect(judge({ etag: '2a-xyz' })).toMatchObject({ outcome: 'failed', received: 'etag: 2a-xyz' })
  expect(judge({ allow: 'GET POST' }, 405)?.outcome).toBe('failed')
  expect(judge({ 'cache-control': 'no-store,' })?.outcome).toBe('failed')
  expect(judge({ vary: 'Origin,,Accept' })?.outcome).toBe('failed')
})

it('fails a date that is not an IMF-fixdate in Last-Modified and Sunset', () => {
  expect(judge({ 'last-modified': '2026-11-27T14:53:00Z' })?.outcome).toBe('failed')
  expect(judge({ sunset: 'Thu Dec 05 2030 00:00:00 GMT+0000 (Coordinated Universal Time)' })?.outcome).toBe('failed')
})

it('fails a challenge that is not in the grammar or names a parameter twice', () => {
  expect(judge({ 'www-authenticate': 'Bearer realm=pet store' }, 401)?.outcome).toBe('failed')
  expect(judge({ 'www-authenticate': 'Bearer realm="a", Realm="b"' }, 401)?.message).toMatch(/realm parameter/)
})

it('fails a Location with userinfo or an empty host, and an echoed Authorization', () => {
  expect(judge({ location: 'http://user:pw@127.0.0.1/v1/pets/1' }, 201)?.outcome).toBe('failed')
  expect(judge({ location: 'http:///v1/pets/1' }, 201)?.outcome).toBe('failed')
  expect(judge({ authorization: 'Bearer x' })).toMatchObject({ outcome: 'failed', received: 'authorization' })
})

it('takes an Expires that is not a date as a deviation: caches read it as already expired', () => {
  expect(judge({ expires: '0' })?.outcome).toBe('warning')
  expect(judge({ expires: 'Thu, 01 Jan 1970 00:00:00 GMT' })?.outcome).toBe('passed')
})

it("takes a request-only field its HTTP server adds (PHP's Host) as a deviation", () => {
  expect(judge({ host: '127.0.0.1:8080' })?.outcome).toBe('warning')
})
