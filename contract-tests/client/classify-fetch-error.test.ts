import { expect, it } from 'vitest'
import { classifyFetchError, refusedByParser, tlsFault } from './classify-fetch-error.ts'

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

it('says what to pass for a certificate the client does not trust, or one made for another host', () => {
  const url = 'https://127.0.0.1:8443/v1/pets?limit=100'
  expect(tlsFault(fetchFailed('SELF_SIGNED_CERT_IN_CHAIN'), url)).toBe(
    'The TLS certificate of https://127.0.0.1:8443 is not trusted (SELF_SIGNED_CERT_IN_CHAIN): pass the CA that ' +
      'signed it, a PEM file, in NODE_EXTRA_CA_CERTS when you start the run (NODE_EXTRA_CA_CERTS=ca.pem before the ' +
      'command).',
  )
  expect(tlsFault(fetchFailed('DEPTH_ZERO_SELF_SIGNED_CERT'), url)).toContain('NODE_EXTRA_CA_CERTS')
  const altname = Object.assign(new TypeError('fetch failed'), {
    cause: { code: 'ERR_TLS_CERT_ALTNAME_INVALID', reason: "IP: 127.0.0.1 is not in the cert's list: " },
  })
  expect(tlsFault(altname, url)).toMatch(
    /^The TLS certificate of https:\/\/127\.0\.0\.1:8443 is not made for 127\.0\.0\.1/,
  )
  expect(tlsFault(altname, url)).toContain('--base-url')
  expect(tlsFault(fetchFailed('CERT_HAS_EXPIRED'), url)).toContain('out of date')
  expect(tlsFault(fetchFailed('ECONNRESET'), url)).toBeUndefined()
})

it("reads an answer framed by Transfer-Encoding and Content-Length as refused by Node 20's parser or 22's", () => {
  const refused = (name: string, code: string, message: string) =>
    Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { name, code }) })
  const node20 = refused(
    'HTTPParserError',
    'HPE_UNEXPECTED_CONTENT_LENGTH',
    "Response does not match the HTTP/1.1 protocol (Content-Length can't be present with Transfer-Encoding)",
  )
  const node22 = refused(
    'ResponseContentLengthMismatchError',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'Response body length does not match content-length header',
  )
  expect(refusedByParser(node20)).toBe(
    "HPE_UNEXPECTED_CONTENT_LENGTH: Content-Length can't be present with Transfer-Encoding",
  )
  expect(refusedByParser(node22)).toBe(
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH: Response body length does not match content-length header',
  )
  expect(refusedByParser(fetchFailed('ECONNRESET'))).toBeUndefined()
})
