import fc from 'fast-check'
import { expect, it } from 'vitest'
import { maxBodyBytes } from '../../mocks/core/operation-request.ts'
import { adminRequestArbitrary } from './admin-request-arbitrary.ts'
import { refusalExpected } from './caller-arbitrary.ts'
import type { FuzzRequest } from './fuzz-request.ts'
import { rawRequestArbitrary } from './raw-request-arbitrary.ts'
import { fuzzMethods, requestArbitrary } from './request-arbitrary.ts'

// One fixed sample: these tests check what the arbitraries can generate, not the mock.
const requests: Array<FuzzRequest> = fc.sample(requestArbitrary, { seed: 1, numRuns: 4_000 })
const some = (predicate: (request: FuzzRequest) => boolean): boolean => requests.some(predicate)
const headerValues = (request: FuzzRequest, name: string) =>
  request.headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value)
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    strictUtf8.decode(bytes)
    return true
  } catch {
    return false
  }
}
const isJson = (bytes: Uint8Array): boolean => {
  try {
    JSON.parse(strictUtf8.decode(bytes))
    return true
  } catch {
    return false
  }
}

it('generates every method of the issue and odd ones', () => {
  const methods = new Set(requests.map((request) => request.method))
  for (const method of [...fuzzMethods.common, 'CONNECT', 'TRACE', 'PROPFIND', 'get']) expect(methods).toContain(method)
})

it('generates traversal, encoded NULs, huge, negative and non-numeric ids', () => {
  expect(some(({ target }) => target.startsWith('/v1/../v1/pets'))).toBe(true)
  expect(some(({ target }) => target.startsWith('/v1/pets/..%2f..'))).toBe(true)
  expect(some(({ target }) => /^\/v1\/pets\/[^?]*%00/.test(target))).toBe(true)
  expect(some(({ target }) => /^\/v1\/pets\/[0-9]{20,}/.test(target))).toBe(true)
  expect(some(({ target }) => /^\/v1\/pets\/-[0-9]+(\?|$)/.test(target))).toBe(true)
  expect(some(({ target }) => /^\/v1\/pets\/abc(\?|$)/.test(target))).toBe(true)
  expect(some(({ target }) => /^\/v1\/pets\/[^?]*%(?![0-9A-Fa-f]{2})/.test(target))).toBe(true)
})

it('generates repeated, empty, array-style and non-ASCII query parameters', () => {
  expect(some(({ target }) => /[?&]limit=[^&]*&(.*&)?limit=/.test(target))).toBe(true)
  expect(some(({ target }) => /[?&]limit=(&|$)/.test(target))).toBe(true)
  expect(some(({ target }) => target.includes('limit[]=1'))).toBe(true)
  expect(some(({ target }) => /\?.*%[C-F][0-9A-F]%[89AB][0-9A-F]/.test(target))).toBe(true)
  expect(some(({ target }) => target.includes('__proto__'))).toBe(true)
})

it('generates repeated, malformed and oversized Authorization and Content-Type headers', () => {
  expect(some((request) => headerValues(request, 'authorization').length > 1)).toBe(true)
  expect(some((request) => headerValues(request, 'content-type').length > 1)).toBe(true)
  expect(some((request) => headerValues(request, 'authorization').some((value) => value.length > 16_384))).toBe(true)
  expect(some((request) => headerValues(request, 'authorization').some((value) => /^bearer /.test(value)))).toBe(true)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the property is about NUL bytes
  expect(some((request) => headerValues(request, 'authorization').some((value) => /[\r\n\u0000]/.test(value)))).toBe(
    true,
  )
  expect(some((request) => headerValues(request, 'content-type').some((value) => /charset=latin1/.test(value)))).toBe(
    true,
  )
  expect(some((request) => headerValues(request, 'content-type').includes('text/plain'))).toBe(true)
  expect(
    some((request) => request.headers.reduce((total, [name, value]) => total + name.length + value.length, 0) > 16_384),
  ).toBe(true)
  expect(
    some((request) =>
      request.headers.some(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the property is about CR, LF and NUL
        ([name, value]) => /[\r\n\u0000]/.test(name + value) || /[^!#$%&'*+.^_`|~0-9A-Za-z-]/.test(name),
      ),
    ),
  ).toBe(true)
})

it('generates bodies that are not JSON, not UTF-8, deeply nested, huge-numbered, prototype-keyed or over 1 MiB', () => {
  const bodies = requests.flatMap((request) => (request.body ? [request.body] : []))
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8')
  expect(bodies.some(({ bytes }) => !isJson(bytes))).toBe(true)
  expect(bodies.some(({ bytes }) => !isUtf8(bytes))).toBe(true)
  expect(
    bodies.some(({ bytes }) => bytes.byteLength >= 100_000 && text(bytes.subarray(0, 100_000)) === '['.repeat(100_000)),
  ).toBe(true)
  expect(bodies.some(({ bytes }) => text(bytes).includes('1e400'))).toBe(true)
  expect(bodies.some(({ bytes }) => text(bytes).includes('9223372036854775808'))).toBe(true)
  expect(bodies.some(({ bytes }) => text(bytes).includes('"__proto__"'))).toBe(true)
  expect(bodies.some(({ bytes }) => text(bytes).includes('"constructor"'))).toBe(true)
  expect(bodies.some(({ bytes }) => bytes.byteLength > maxBodyBytes)).toBe(true)
  expect(bodies.some(({ bytes }) => bytes.byteLength > 10_000 && isJson(bytes))).toBe(true)
})

it('generates bad request lines, bad header bytes, broken framing and oversized heads for sockets', () => {
  const labels = fc.sample(rawRequestArbitrary, { seed: 1, numRuns: 1_000 }).map(({ label }) => label)
  for (const part of [
    'one word',
    'NUL in value',
    'obs-fold',
    'Content-Length and chunked',
    'bad chunk size',
    'oversized value',
    'many headers',
    'no Host',
    'bare LF',
    'CONNECT',
  ]) {
    expect(
      labels.some((label) => label.includes(part)),
      part,
    ).toBe(true)
  }
})

it('generates admin requests from other hosts, other sites, proxies and this machine', () => {
  const admin = fc.sample(adminRequestArbitrary, { seed: 1, numRuns: 2_000 })
  const reasons = admin.map(refusalExpected)
  for (const kind of ['Host ', 'Origin ', 'a forwarded header', 'a x-forwarded-for header', 'a X-Forwarded-For header'])
    expect(
      reasons.some((reason) => reason?.startsWith(kind)),
      kind,
    ).toBe(true)
  expect(reasons.filter((reason) => reason === undefined).length).toBeGreaterThan(admin.length / 3)
  expect(admin.some((request) => request.host === 'LOCALHOST.' && refusalExpected(request) === undefined)).toBe(true)
  const origins = admin.flatMap((request) => request.headers.filter(([name]) => name === 'origin').map(([, v]) => v))
  expect(origins).toContain('null')
  expect(origins).toContain('http://localhost:5173')
})
