import fc from 'fast-check'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'

type Header = readonly [string, string]

const key = developmentApiKey

// Mostly the valid credential, so that most requests get past authentication to the operations.
const authorization: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 18, arbitrary: fc.constant(`Bearer ${key}`) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      `bearer ${key}`,
      `BEARER ${key}`,
      `Bearer  ${key}`,
      `  Bearer ${key}  `,
      `Bearer\t${key}`,
      'Bearer',
      'Bearer ',
      '',
      ' ',
      'Basic cGV0c3RvcmU6a2V5',
      `Bearer ${key.slice(0, -1)}`,
      `Bearer ${key}x`,
      `Bearer ${key.toUpperCase()}`,
      `Bearer ${key}, Bearer other`,
      `Bearer "${key}"`,
      `Bearer ${key}\u00e9`,
      'Bearer p\u00e9tstore',
      `Bearer ${key}\u0000`,
      `Bearer ${key}\u2028`,
      `Bearer ${key}\r\nX-Injected: 1`,
      'Bearer \u00ff\u00fe',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((length) => `Bearer ${'k'.repeat(length)}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((token) => `Bearer ${token}`) },
)

const contentType: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json;charset=UTF-8',
      'APPLICATION/JSON',
      'application/json; charset="utf-8"',
      'application/json; charset=utf8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; charset',
      'application/json; charset=',
      'application/json; charset=utf-8; charset=latin1',
      'application/merge-patch+json',
      'application/problem+json',
      'application/x-json',
      'text/json',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '*/*',
      '',
      ';',
      'application/',
      '/json',
      'application/json\u0000',
      'application/json, text/plain',
      'application/\u00e9+json',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 9_000 }).map((length) => `application/json; x=${'a'.repeat(length)}`),
  },
)

// Headers beside the two the mock reads: ones node:http treats specially (Expect, Connection,
// Upgrade, a second Host), and prototype names.
const otherHeader: fc.Arbitrary<Header> = fc.constantFrom<Header>(
  ['accept', '*/*'],
  ['accept', 'text/html'],
  ['accept-charset', 'latin1'],
  ['accept-encoding', 'gzip, br'],
  ['content-encoding', 'gzip'],
  ['expect', '100-continue'],
  ['expect', 'fancy-extension'],
  ['connection', 'close'],
  ['connection', 'keep-alive'],
  ['connection', 'upgrade'],
  ['upgrade', 'websocket'],
  ['upgrade', 'h2c'],
  ['host', 'evil.test'],
  ['origin', 'http://evil.test'],
  ['access-control-request-method', 'DELETE'],
  ['x-http-method-override', 'DELETE'],
  ['range', 'bytes=0-1'],
  ['if-none-match', '*'],
  ['max-forwards', '0'],
  ['te', 'trailers'],
  ['cookie', '__proto__=polluted'],
  ['__proto__', 'polluted'],
  ['constructor', 'polluted'],
  ['x-empty', ''],
  ['x-latin1', '\u00e9\u00ff'],
)

// Names and values no parser should accept: fetch refuses to build them, a socket sends them.
const invalidHeader: fc.Arbitrary<Header> = fc.constantFrom<Header>(
  ['x-unicode', '\u65e5\u672c\u2028'],
  ['x-nul', 'a\u0000b'],
  ['x-crlf', 'a\r\nX-Injected: 1'],
  ['x-cr', 'a\rb'],
  ['bad name', 'x'],
  ['x:y', 'z'],
  ['\u00e9', 'x'],
)

// Over node's 16 KiB header limit (answered 431 by the standalone server), and just under it.
const oversizedHeaders: fc.Arbitrary<Array<Header>> = fc.oneof(
  fc.constantFrom(4_000, 16_000, 17_000, 65_536).map((length): Array<Header> => [['x-big', 'a'.repeat(length)]]),
  fc
    .integer({ min: 50, max: 400 })
    .map((count) => Array.from({ length: count }, (_, index): Header => [`x-h-${index}`, 'v'.repeat(40)])),
)

/**
 * Request headers: Authorization and Content-Type variants (valid ones weighted up), repeated,
 * malformed and oversized headers. Framing headers (Content-Length, Transfer-Encoding) are left to
 * the sender, so that a request never leaves the server waiting for bytes that will not come.
 * @example fc.sample(headersArbitrary, 1) // [[['authorization', 'Bearer petstore-dev-key'], ['content-type',
 *   'text/plain']]]
 */
export const headersArbitrary: fc.Arbitrary<Array<Header>> = fc
  .record({
    authorization: fc.option(authorization, { freq: 12, nil: undefined }),
    secondAuthorization: rarely(authorization),
    contentType: fc.option(contentType, { freq: 6, nil: undefined }),
    secondContentType: rarely(contentType),
    others: fc.array(fc.oneof({ weight: 6, arbitrary: otherHeader }, { weight: 1, arbitrary: invalidHeader }), {
      maxLength: 3,
    }),
    oversized: rarely(oversizedHeaders),
    nameCase: fc.constantFrom('lower', 'title', 'upper'),
  })
  .map(({ authorization, secondAuthorization, contentType, secondContentType, others, oversized, nameCase }) => {
    const headers: Array<Header> = []
    if (authorization !== undefined) headers.push([cased('authorization', nameCase), authorization])
    if (secondAuthorization !== undefined) headers.push(['authorization', secondAuthorization])
    if (contentType !== undefined) headers.push([cased('content-type', nameCase), contentType])
    if (secondContentType !== undefined) headers.push(['content-type', secondContentType])
    return [...headers, ...others, ...(oversized ?? [])]
  })

/** The value one time in ten, else undefined (fc.option's `freq` only goes the other way); shrinks to undefined. */
function rarely<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ withCrossShrink: true }, { weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary })
}

function cased(name: string, nameCase: string): string {
  if (nameCase === 'upper') return name.toUpperCase()
  return nameCase === 'title'
    ? name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`)
    : name
}
