import fc from 'fast-check'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { shorten } from './fuzz-request.ts'

/** Bytes for a socket that fetch could not send, with a label fast-check prints instead of them. */
export interface RawRequest {
  label: string
  bytes: Buffer
}

/**
 * Builds a raw request printed by fast-check as its label and its first bytes, escaped.
 * @example rawRequest('NUL in a header value', 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n')
 */
export function rawRequest(label: string, ...parts: Array<string | Buffer>): RawRequest {
  const bytes = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)))
  return Object.assign(
    { label, bytes },
    { [fc.toStringMethod]: () => `${label}: ${shorten(bytes.toString('latin1'), 200)}` },
  )
}

const auth = `Authorization: Bearer ${developmentApiKey}`
const pet = '{"name":"Rex","categoryId":1}'

type Part = readonly [label: string, text: string]
type Framing = readonly [label: string, headers: ReadonlyArray<string>, body: string]

// Each part comes valid (or merely unusual) more often than broken, so that most requests reach
// the mock with one malformation or node:http quirk at a time instead of failing on the first of many.
const requestLine = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Part>(
      ['valid GET', 'GET /v1/pets?limit=1 HTTP/1.1'],
      ['valid POST', 'POST /v1/pets HTTP/1.1'],
      ['HEAD', 'HEAD /v1/pets?limit=1 HTTP/1.1'],
      ['HTTP/1.0', 'GET /v1/pets?limit=1 HTTP/1.0'],
      ['absolute-form', 'GET http://petstore.test/v1/pets?limit=1 HTTP/1.1'],
      ['asterisk-form', 'OPTIONS * HTTP/1.1'],
      ['traversal', 'GET /v1/../v1/pets?limit=1 HTTP/1.1'],
      ['TRACE', 'TRACE /v1/pets HTTP/1.1'],
      ['CONNECT authority', 'CONNECT 127.0.0.1:80 HTTP/1.1'],
      ['CONNECT path', 'CONNECT /v1/pets HTTP/1.1'],
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Part>(
      ['no version', 'GET /v1/pets'],
      ['one word', 'HELLO'],
      ['extra word', 'GET /v1/pets HTTP/1.1 extra'],
      ['double space', 'GET  /v1/pets HTTP/1.1'],
      ['tab separator', 'GET\t/v1/pets\tHTTP/1.1'],
      ['version 9.9', 'GET /v1/pets HTTP/9.9'],
      ['version 1.10', 'GET /v1/pets HTTP/1.10'],
      ['lower-case version', 'GET /v1/pets http/1.1'],
      ['HTTP/2 preface', 'PRI * HTTP/2.0'],
      ['lower-case method', 'get /v1/pets HTTP/1.1'],
      ['unknown method', 'BREW /v1/pets HTTP/1.1'],
      ['NUL in method', 'G\u0000T /v1/pets HTTP/1.1'],
      ['NUL in target', 'GET /v1/\u0000pets HTTP/1.1'],
      ['space in target', 'GET /v1/p ets HTTP/1.1'],
      ['byte 0xff in target', 'GET /v1/pets/\u00ff HTTP/1.1'],
      ['DEL in target', 'GET /v1/pets/\u007f HTTP/1.1'],
      ['long target', `GET /v1/pets/${'1'.repeat(20_000)} HTTP/1.1`],
      ['TLS hello bytes', '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003'],
    ),
  },
)

const headerLine = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Part>(
      ['second Authorization', auth],
      ['second Host', 'Host: evil.test'],
      ['empty Host', 'Host:'],
      ['Expect fancy', 'Expect: fancy-extension'],
      ['Expect 100-continue', 'Expect: 100-continue'],
      ['Upgrade', 'Connection: Upgrade\r\nUpgrade: websocket'],
      ['Connection close', 'Connection: close'],
      ['byte 0xff in value', 'X-A: \u00ff\u00fe'],
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Part>(
      ['name with space', 'Bad Name: x'],
      ['empty name', ': x'],
      ['no colon', 'NoColonHere'],
      ['space before colon', 'Authorization : x'],
      ['NUL in value', 'X-A: a\u0000b'],
      ['bare CR in value', 'X-A: a\rb'],
      ['DEL in value', 'X-A: a\u007fb'],
      ['byte 0xff in name', 'X-\u00ff: x'],
      ['obs-fold', 'X-A: a\r\n b'],
      ['long name', `X-${'n'.repeat(9_000)}: x`],
      ['oversized value', `X-Big: ${'a'.repeat(17_000)}`],
      ['many headers', Array.from({ length: 400 }, (_, index) => `X-H-${index}: ${'v'.repeat(40)}`).join('\r\n')],
    ),
  },
)

// Framings that are complete, or that the parser must refuse at once: none leaves the server waiting.
const framing = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Framing>(
      ['no body', [], ''],
      ['exact Content-Length', ['Content-Type: application/json', `Content-Length: ${pet.length}`], pet],
      [
        'chunked',
        ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
        `${pet.length.toString(16)}\r\n${pet}\r\n0\r\n\r\n`,
      ],
      [
        'Content-Length 100 MB, little sent',
        ['Content-Type: application/json', 'Content-Length: 100000000'],
        '{"name":"',
      ],
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Framing>(
      [
        'Content-Length and chunked',
        [`Content-Length: ${pet.length}`, 'Transfer-Encoding: chunked'],
        `${pet.length.toString(16)}\r\n${pet}\r\n0\r\n\r\n`,
      ],
      ['two Content-Lengths', ['Content-Length: 5', 'Content-Length: 6'], 'abcdef'],
      ['negative Content-Length', ['Content-Length: -1'], ''],
      ['non-numeric Content-Length', ['Content-Length: abc'], ''],
      ['overflowing Content-Length', ['Content-Length: 99999999999999999999999'], ''],
      ['unknown Transfer-Encoding', ['Transfer-Encoding: gzip'], ''],
      ['chunked then identity', ['Transfer-Encoding: chunked, identity'], '0\r\n\r\n'],
      ['bad chunk size', ['Transfer-Encoding: chunked'], 'ZZ\r\nabc\r\n0\r\n\r\n'],
      ['overflowing chunk size', ['Transfer-Encoding: chunked'], 'fffffffffffffffffff\r\nabc\r\n0\r\n\r\n'],
      ['long chunk extension', ['Transfer-Encoding: chunked'], `1;${'x'.repeat(20_000)}\r\na\r\n0\r\n\r\n`],
      ['chunk without CRLF', ['Transfer-Encoding: chunked'], '3\r\nabcX0\r\n\r\n'],
    ),
  },
)

/**
 * Malformed HTTP/1.1 for the standalone server over a socket: a request line, Host and
 * Authorization (each left out one time in ten), extra header lines and a framing, each part valid
 * or broken, joined by CRLF (or, sometimes, bare LF). Every request is complete.
 * @example fc.sample(rawRequestArbitrary, 1)[0].label // 'valid POST + Expect fancy + chunked'
 */
export const rawRequestArbitrary: fc.Arbitrary<RawRequest> = fc
  .record({
    line: requestLine,
    // Present nine times in ten; shrinking (towards 0) puts them back, so it keeps the failure it found.
    host: fc.integer({ min: 0, max: 9 }).map((roll) => roll < 9),
    authorization: fc.integer({ min: 0, max: 9 }).map((roll) => roll < 9),
    headers: fc.array(headerLine, { maxLength: 2 }),
    framing,
    newline: fc.constantFrom('\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\r\n', '\n'),
  })
  .map(
    ({
      line: [lineLabel, line],
      host,
      authorization,
      headers,
      framing: [framingLabel, framingHeaders, body],
      newline,
    }) => {
      const parts = [
        lineLabel,
        host ? '' : 'no Host',
        authorization ? '' : 'no Authorization',
        ...headers.map(([headerLabel]) => headerLabel),
        framingLabel,
      ]
      const label = [...parts, newline === '\n' ? 'bare LF' : ''].filter(Boolean).join(' + ')
      const lines = [
        line,
        ...(host ? ['Host: petstore.test'] : []),
        ...(authorization ? [auth] : []),
        ...headers.map(([, header]) => header),
        ...framingHeaders,
      ]
      return rawRequest(label, `${lines.join(newline)}${newline}${newline}`, body)
    },
  )
