import { expect, it } from 'vitest'
import { forwardedRequestHeaders, returnedHeaders } from './forwarded-headers.ts'

it('forwards every field but the hop-by-hop ones and those Connection names, with the deployment Host and Via', () => {
  const raw = ['Host', 'proxy.test', 'Connection', 'keep-alive, X-Hop', 'X-Hop', '1', 'Keep-Alive', 'timeout=5']
  raw.push('TE', 'trailers', 'Upgrade', 'h2c', 'Proxy-Authorization', 'p', 'Transfer-Encoding', 'chunked')
  raw.push('Authorization', 'Bearer k', 'Accept', 'a', 'Accept', 'b', 'Via', '1.0 other', 'Expect', '100-continue')
  expect(forwardedRequestHeaders(raw, 'api.test', 12)).toEqual([
    'host',
    'api.test',
    'Authorization',
    'Bearer k',
    'Accept',
    'a',
    'Accept',
    'b',
    'via',
    '1.0 other, 1.1 petstore-mock',
    'content-length',
    '12',
  ])
})

it('returns every field of an answer but the hop-by-hop ones, its length only where no body follows', () => {
  const raw = [
    'Content-Type',
    'a',
    'Set-Cookie',
    'x=1',
    'Set-Cookie',
    'y=2',
    'Content-Length',
    '3',
    'Connection',
    'close',
  ]
  expect(returnedHeaders(raw, false)).toEqual(['Content-Type', 'a', 'Set-Cookie', 'x=1', 'Set-Cookie', 'y=2'])
  expect(returnedHeaders(raw, true)).toContain('Content-Length')
})
