import { type IncomingMessage, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { type HttpVariant, readBody, writeAnswer } from './http-variant.ts'
import { type FrontSetup, startFront } from './semantics-front.ts'
import {
  forward,
  json,
  jsonBodyOf,
  operationOf,
  readRequest,
  readWhole,
  rewrite,
  type Variant,
  type VariantRequest,
  validAuth,
  withAuth,
} from './variant.ts'
import type { WireVariant } from './wire-faulty-variants.ts'
import { startWireServer } from './wire-server.ts'

/** A faulty variant of the HTTP semantics rows (RFC 9110 sections 10 to 17, RFC 9111), and its level. */
export type SemanticsVariant = (Variant | HttpVariant | WireVariant) & { deviation?: boolean }

/** A server of its own (a node:http front or the hand-written one) with one defect only the wire shows. */
const front = (name: string, description: string, caughtBy: string, setup: FrontSetup): WireVariant => ({
  name,
  description,
  caughtBy,
  start: () => startFront(setup),
})

/** The good mock's answer written as HTTP/1.1 bytes straight on a socket node has handed over (after a 101). */
async function writeRaw(socket: Duplex, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer())
  const fields = [...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    ...fields.map(([n, v]) => `${n}: ${v}`),
  ]
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\ncontent-length: ${body.length}\r\n\r\n`), body]))
}

/** The answer as a 206 of its bytes `first` to `last` (or its whole content, where `whole`), Content-Range as asked. */
async function partial(response: Response, first: number, last: number, whole = false): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  const end = Math.min(last, bytes.length - 1)
  const headers = new Headers(response.headers)
  headers.set('content-range', `bytes ${first}-${end}/${bytes.length}`)
  headers.delete('content-length')
  return new Response(whole ? bytes : bytes.slice(first, end + 1), { status: 206, headers })
}

const rangeOf = (request: VariantRequest) => /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '')

/** The variants of range requests (range_ignored): ranges served or refused where they must be ignored. */
const rangeVariants: ReadonlyArray<SemanticsVariant> = [
  rewrite({
    name: 'range-206-whole-content',
    description: 'answers Range: bytes=0-9 with 206 and Content-Range: bytes 0-9/<length>, but writes the whole JSON',
    caughtBy: 'range_ignored',
    response: (response, request) =>
      request.method === 'GET' && response.status === 200 && request.headers.range === 'bytes=0-9'
        ? partial(response, 0, 9, true)
        : response,
  }),
  rewrite({
    name: 'if-range-alone-412',
    description:
      'reads If-Range as If-Match: a request whose If-Range names a tag it never gave gets 412, Range or not',
    caughtBy: 'range_ignored',
    request: (r) =>
      r.headers['if-range']?.startsWith('"') && operationOf(r) && keyed(r)
        ? error(412, 'precondition_failed', 'If-Range does not match.')
        : r,
  }),
  rewrite({
    name: 'if-range-ignored',
    description: 'serves a byte range whatever If-Range says: a tag it never gave still gets 206',
    caughtBy: 'range_ignored',
    response: (response, request) => {
      const range = rangeOf(request)
      if (!range || request.method !== 'GET' || response.status !== 200 || !request.headers['if-range']) return response
      return partial(response, Number(range[1]), Number(range[2]))
    },
  }),
  rewrite({
    name: 'range-on-every-method',
    description: "its range middleware cuts every answer a Range names, a create's 201 included (206 of its bytes)",
    caughtBy: 'range_ignored',
    response: (response, request) => {
      const range = rangeOf(request)
      if (!range || request.method === 'GET' || response.status >= 300) return response
      return partial(response, Number(range[1]), Number(range[2]))
    },
  }),
  rewrite({
    name: 'huge-range-500',
    description: 'parses range positions into a 32-bit offset: a position past 2^31 throws, 500',
    caughtBy: 'range_ignored',
    request: (r) =>
      /\d{10,}/.test(r.headers.range ?? '')
        ? json(500, { code: 'internal', message: 'RangeError: offset out of bounds', status: 500 })
        : r,
  }),
  rewrite({
    name: 'content-range-upload-400',
    description:
      'its upload middleware takes a Content-Range on any POST as a resumable chunk and answers 400 when the range ' +
      'does not cover the whole body',
    caughtBy: 'range_ignored',
    request: (r) =>
      r.method === 'POST' && r.headers['content-range'] !== undefined
        ? error(400, 'bad_request', 'Content-Range does not match the body.')
        : r,
  }),
  {
    ...withField(
      'accept-ranges-without-ranges',
      "keeps its static-file server's Accept-Ranges: bytes on every answer, though it serves no range",
      'range_ignored',
      'accept-ranges',
      'bytes',
    ),
    deviation: true,
  },
]

/** When the variants that keep dates say their representations last changed: before any run's request. */
const lastModified = new Date(Date.now() - 3_600_000).toUTCString()
const since = (value: string | undefined) => (value === undefined ? Number.NaN : Date.parse(value))

/** The answer with more fields (ETag, Last-Modified, Cache-Control) on every 200 to a GET. */
function decorated(response: Response, request: VariantRequest, fields: Record<string, string>): Response {
  if (request.method !== 'GET' || response.status !== 200) return response
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(fields)) headers.set(name, value)
  return new Response(response.body, { status: 200, headers })
}

const preconditionFailed = () => error(412, 'precondition_failed', 'A precondition failed.')
const notModified = (headers: Record<string, string> = {}) => new Response(null, { status: 304, headers })
const tagsOf = (value: string) => value.split(',').map((tag) => tag.trim())
const described = (request: VariantRequest) => operationOf(request) !== undefined && keyed(request)

/** A variant that answers some conditional requests its own way before the good mock, and decorates its answers. */
function conditionalVariant(options: {
  name: string
  description: string
  caughtBy: string
  before?: (request: VariantRequest) => Response | undefined
  after?: (request: VariantRequest, response: Response) => Response | undefined
  fields?: Record<string, string>
}): Variant {
  return rewrite({
    name: options.name,
    description: options.description,
    caughtBy: options.caughtBy,
    request: (r) => (described(r) && options.before?.(r)) || r,
    response: (response, request) => {
      const changed = described(request) && response.status < 300 ? options.after?.(request, response) : undefined
      return changed ?? decorated(response, request, options.fields ?? {})
    },
  })
}

/** The variants of conditional requests (if_match_evaluated, date_preconditions). */
const preconditionVariants: ReadonlyArray<SemanticsVariant> = [
  conditionalVariant({
    name: 'strong-etag-if-match-ignored',
    description:
      'sends a strong ETag on every answer (a hash of its body, as an ETag middleware does) and ignores If-Match: ' +
      'a read or a create with a tag it never gave succeeds',
    caughtBy: 'if_match_evaluated',
    fields: { etag: '"v1"' },
  }),
  conditionalVariant({
    name: 'etag-if-match-weak',
    description:
      'sends a strong ETag on its reads and compares If-Match tags weakly (W/ stripped): W/"v1" matches "v1"',
    caughtBy: 'if_match_evaluated',
    fields: { etag: '"v1"' },
    before: (r) => {
      const value = r.headers['if-match']
      if (value === undefined || r.method !== 'GET' || value === '*') return undefined
      return tagsOf(value).some((tag) => tag.replace(/^W\//, '') === '"v1"') ? undefined : preconditionFailed()
    },
  }),
  conditionalVariant({
    name: 'if-match-after-insert',
    description:
      'evaluates If-Match after its handler has run: a create with a failing If-Match gets 412, its pet stored',
    caughtBy: 'if_match_evaluated',
    before: (r) =>
      r.method === 'GET' && r.headers['if-match'] && r.headers['if-match'] !== '*' ? preconditionFailed() : undefined,
    after: (r) =>
      r.method === 'POST' && r.headers['if-match'] && r.headers['if-match'] !== '*' ? preconditionFailed() : undefined,
  }),
  conditionalVariant({
    name: 'none-match-star-after-insert',
    description: 'evaluates If-None-Match: * after its create handler has run: 412, the pet stored all the same',
    caughtBy: 'if_match_evaluated',
    after: (r) => (r.method === 'POST' && r.headers['if-none-match'] === '*' ? preconditionFailed() : undefined),
  }),
  conditionalVariant({
    name: 'none-match-before-match',
    description:
      'evaluates If-None-Match before If-Match: a read with a failing If-Match and If-None-Match: * gets 304',
    caughtBy: 'if_match_evaluated',
    before: (r) => {
      if (r.method !== 'GET') return undefined
      if (r.headers['if-none-match'] === '*') return notModified()
      return r.headers['if-match'] && r.headers['if-match'] !== '*' ? preconditionFailed() : undefined
    },
  }),
  conditionalVariant({
    name: 'not-modified-bare',
    description: 'tags its reads (ETag, Cache-Control: no-cache) but answers a matching If-None-Match with a bare 304',
    caughtBy: 'if_match_evaluated',
    fields: { etag: '"v1"', 'cache-control': 'private, no-cache' },
    before: (r) =>
      r.method === 'GET' && r.headers['if-none-match'] && r.headers['if-none-match'] !== '"no-such-tag-7c1d"'
        ? notModified()
        : undefined,
  }),
  conditionalVariant({
    name: 'unmodified-since-without-date-412',
    description: 'answers 412 to any If-Unmodified-Since before now, though it keeps no modification date',
    caughtBy: 'date_preconditions',
    before: (r) => (since(r.headers['if-unmodified-since']) < Date.now() ? preconditionFailed() : undefined),
  }),
  conditionalVariant({
    name: 'unmodified-since-invalid-400',
    description: 'refuses an If-Unmodified-Since it cannot parse as a date with 400',
    caughtBy: 'date_preconditions',
    before: (r) =>
      r.headers['if-unmodified-since'] !== undefined && Number.isNaN(since(r.headers['if-unmodified-since']))
        ? error(400, 'bad_request', 'Invalid If-Unmodified-Since.')
        : undefined,
  }),
  conditionalVariant({
    name: 'last-modified-unmodified-ignored',
    description: 'sends Last-Modified on its reads but ignores If-Unmodified-Since: a create of 1970 goes through',
    caughtBy: 'date_preconditions',
    fields: { 'last-modified': lastModified },
  }),
  conditionalVariant({
    name: 'unmodified-since-over-if-match',
    description: 'sends Last-Modified and evaluates If-Unmodified-Since even beside If-Match: * (412 for 1970)',
    caughtBy: 'date_preconditions',
    fields: { 'last-modified': lastModified },
    before: (r) => (since(r.headers['if-unmodified-since']) < since(lastModified) ? preconditionFailed() : undefined),
  }),
  conditionalVariant({
    name: 'modified-since-future-304',
    description: 'answers 304 to a read whose If-Modified-Since is later than its clock, If-None-Match or not',
    caughtBy: 'date_preconditions',
    before: (r) =>
      r.method === 'GET' && since(r.headers['if-modified-since']) > Date.now() ? notModified() : undefined,
  }),
  conditionalVariant({
    name: 'modified-since-invalid-400',
    description: 'refuses an If-Modified-Since it cannot parse as a date with 400',
    caughtBy: 'date_preconditions',
    before: (r) =>
      r.headers['if-modified-since'] !== undefined && Number.isNaN(since(r.headers['if-modified-since']))
        ? error(400, 'bad_request', 'Invalid If-Modified-Since.')
        : undefined,
  }),
  conditionalVariant({
    name: 'modified-since-skew',
    description:
      'sends Last-Modified and answers 304 to any If-Modified-Since within a minute before it (a clock-skew allowance)',
    caughtBy: 'date_preconditions',
    fields: { 'last-modified': lastModified },
    before: (r) =>
      r.method === 'GET' && since(r.headers['if-modified-since']) >= since(lastModified) - 60_000
        ? notModified()
        : undefined,
  }),
]

/** The variants of expectations, versions, connection options, stalled requests and hosts, on the wire. */
const wireVariants: ReadonlyArray<SemanticsVariant> = [
  {
    ...front(
      'continue-awaits-body',
      'its checkContinue listener hands the request to the app without writeContinue(): the app waits for the body, ' +
        'the client for the 100',
      'expect_continue',
      { configure: (server, _, serve) => server.on('checkContinue', serve) },
    ),
    deviation: true,
  },
  front(
    'continue-case-sensitive',
    'its checkContinue listener compares Expect with the text "100-continue" and answers any other spelling 417',
    'expect_continue',
    {
      configure: (server, _, serve) =>
        server.on('checkContinue', (request, response) => {
          if (request.headers.expect === '100-continue') {
            response.writeContinue()
            return serve(request, response)
          }
          response.writeHead(417, { 'content-type': 'text/plain' })
          response.end('Expectation Failed')
        }),
    },
  ),
  {
    ...front(
      'continue-to-http10',
      'its own continue handler writes 100 Continue on the socket for every Expect: 100-continue, HTTP/1.0 ' +
        'requests included',
      'expect_continue',
      {
        request: async (request, response, answer) => {
          if (request.httpVersion === '1.0' && /100-continue/i.test(request.headers.expect ?? ''))
            request.socket.write('HTTP/1.1 100 Continue\r\n\r\n')
          await writeAnswer(response, await answer(request))
        },
      },
    ),
    deviation: true,
  },
  front(
    'http10-refused-505',
    'its front accepts only HTTP/1.1 request lines and answers HTTP/1.0 with 505 HTTP Version Not Supported',
    'major_version',
    {
      request: async (request, response, answer) => {
        if (request.httpVersion === '1.1') return writeAnswer(response, await answer(request))
        response.writeHead(505, { 'content-type': 'text/plain' })
        response.end('HTTP/1.1 only')
      },
    },
  ),
  {
    name: 'version-not-checked',
    description:
      "its hand-written parser reads the request line's version only to decide on closing: HTTP/3.0 is served as " +
      'HTTP/1.1',
    caughtBy: 'major_version',
    start: () => startWireServer(),
    deviation: true,
  },
  front(
    'upgrade-acknowledged-bare',
    'its upgrade listener acknowledges every offer with a 101 that names no protocol, then answers in HTTP/1.1 anyway',
    'connection_options',
    {
      configure: (server, answer) =>
        server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
          socket.write('HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\n\r\n')
          answer(request, new Uint8Array(0))
            .then((got) => writeRaw(socket, got))
            .catch(() => socket.destroy())
        }),
    },
  ),
  front(
    'stalled-body-500',
    'its request timeout of 300 ms throws into the generic error handler: a body that stalls gets 500',
    'stalled_request',
    {
      request: async (request, response, answer) => {
        const timer = setTimeout(() => {
          response.writeHead(500, { 'content-type': 'text/plain' })
          response.end('Error: request timed out')
        }, 300)
        const body = await readBody(request)
        clearTimeout(timer)
        if (!response.headersSent) await writeAnswer(response, await answer(request, body))
      },
    },
  ),
  rewrite({
    name: 'long-target-500',
    description:
      'its access log copies the request target into a fixed 4,096-byte buffer, which throws on a longer one: 500',
    caughtBy: 'long_target',
    request: (r) =>
      r.url.href.length > 4_096
        ? json(500, { code: 'internal', message: 'RangeError: offset out of range', status: 500 })
        : r,
  }),
  front(
    'unknown-host-500',
    "its virtual-host table maps Host to a tenant, and a name it does not know throws reading the tenant's store: 500",
    'misdirected_host',
    {
      request: async (request, response, answer) => {
        if ((request.headers.host ?? '').startsWith('127.0.0.1:')) return writeAnswer(response, await answer(request))
        response.writeHead(500, { 'content-type': 'text/plain' })
        response.end("TypeError: Cannot read properties of undefined (reading 'pets')")
      },
    },
  ),
]

const error = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { code, message, status }, headers)

/** The variants of the request fields a client may send (request_field_forms, cache_directive_forms). */
const requestFieldVariants: ReadonlyArray<SemanticsVariant> = [
  {
    ...rewrite({
      name: 'curl-user-agent-refused',
      description:
        "a WAF rule in front of the service refuses every request whose User-Agent starts with 'curl/' (403)",
      caughtBy: 'request_field_forms',
      request: (r) =>
        r.headers['user-agent']?.startsWith('curl/') ? error(403, 'forbidden', 'Automated clients are refused.') : r,
    }),
    deviation: true,
  },
  rewrite({
    name: 'from-monitor-allowed',
    description:
      "its key middleware lets the uptime robot in without a key when its From names the operators' mailbox " +
      '(ops@example.test)',
    caughtBy: 'request_field_forms',
    request: (r) => (r.headers.from === 'ops@example.test' && operationOf(r) ? withAuth(r) : r),
  }),
  {
    ...rewrite({
      name: 'cache-control-allow-list',
      description:
        'its request-header validation takes Cache-Control only as no-cache or max-age=N and refuses any other ' +
        'value with 400',
      caughtBy: 'cache_directive_forms',
      request: (r) => {
        const value = r.headers['cache-control']
        if (value === undefined || /^(?:no-cache|max-age=\d+)$/.test(value)) return r
        return error(400, 'bad_request', 'Unsupported Cache-Control.')
      },
    }),
    deviation: true,
  },
]

/** An answer with one header field set (or replaced), on the answers `when` picks. */
function withField(
  name: string,
  description: string,
  caughtBy: string,
  field: string,
  value: string,
  when: (response: Response, request: VariantRequest) => boolean = () => true,
): Variant {
  return rewrite({
    name,
    description,
    caughtBy,
    response: (response, request) => {
      if (!when(response, request)) return response
      const headers = new Headers(response.headers)
      headers.set(field, value)
      return new Response(response.body, { status: response.status, headers })
    },
  })
}

const listed = (response: Response, request: VariantRequest) =>
  response.status === 200 && operationOf(request) === 'listPets'

/** The variants of the values response fields carry (response_field_values, response_field_grammar). */
const fieldValueVariants: ReadonlyArray<SemanticsVariant> = [
  withField(
    'retry-after-milliseconds',
    "its create throttle tells clients when to create again with Retry-After in its own unit: '500ms'",
    'response_field_values',
    'retry-after',
    '500ms',
    (response) => response.status === 201,
  ),
  withField(
    'max-age-quoted',
    'its cache middleware writes every directive argument quoted, as its header serializer quotes parameters: ' +
      'Cache-Control: private, max-age="30"',
    'response_field_values',
    'cache-control',
    'private, max-age="30"',
    listed,
  ),
  withField(
    's-maxage-quoted',
    'its CDN rule writes the shared lifetime quoted: Cache-Control: private, s-maxage="30"',
    'response_field_values',
    'cache-control',
    'no-cache, s-maxage="30"',
    listed,
  ),
  withField(
    'max-age-fractional',
    'computes max-age from a float TTL in seconds and writes it as it is: Cache-Control: private, max-age=29.5',
    'response_field_values',
    'cache-control',
    'private, max-age=29.5',
    listed,
  ),
  withField(
    'age-fractional',
    'a cache in front of it writes Age as a float of seconds (Age: 1.25)',
    'response_field_values',
    'age',
    '1.25',
    listed,
  ),
  withField(
    'realm-unquoted',
    'its key middleware writes its challenge without quotes: WWW-Authenticate: Bearer realm=petstore',
    'response_field_values',
    'www-authenticate',
    'Bearer realm=petstore',
    (response) => response.status === 401,
  ),
  withField(
    'realm-twice',
    'its key middleware and its framework each add a realm to the one challenge: Bearer realm="api", realm="petstore"',
    'response_field_grammar',
    'www-authenticate',
    'Bearer realm="api", realm="petstore"',
    (response) => response.status === 401,
  ),
  withField(
    'server-advertising',
    'names itself with a slogan in Server: "PetStore/2.1, the friendliest pet API!"',
    'response_field_values',
    'server',
    'PetStore/2.1, the friendliest pet API!',
  ),
  {
    ...withField(
      'server-versions',
      "keeps its stack's Server default, naming every version: Server: PetStore/2.1.4 Node.js/20.20.2 (Debian 12)",
      'response_field_values',
      'server',
      'PetStore/2.1.4 Node.js/20.20.2 (Debian 12)',
    ),
    deviation: true,
  },
  withField(
    'accept-encoding-long-weights',
    'its compression middleware advertises the codings it takes with four-decimal weights: Accept-Encoding: ' +
      'gzip;q=1.0000, identity;q=0.5000',
    'response_field_values',
    'accept-encoding',
    'gzip;q=1.0000, identity;q=0.5000',
    listed,
  ),
  rewrite({
    name: 'accept-encoding-on-415',
    description:
      'its body parser answers every body not labelled JSON with 415 and the codings it decompresses ' +
      '(Accept-Encoding: gzip, deflate), a media type refused as if a coding were',
    caughtBy: 'response_field_values',
    request: (r) =>
      r.body !== undefined && !/^application\/json\b/i.test(r.headers['content-type'] ?? '')
        ? error(415, 'unsupported_media_type', 'Send application/json.', { 'accept-encoding': 'gzip, deflate' })
        : r,
  }),
  {
    ...withField(
      'no-cache-field-token',
      'its cache middleware names the field no cache may reuse as a token: Cache-Control: no-cache=Set-Cookie',
      'response_field_values',
      'cache-control',
      'private, no-cache=Set-Cookie',
      listed,
    ),
    deviation: true,
  },
  {
    ...withField(
      'must-understand-alone',
      'marks its lists must-understand, max-age=0 without the no-store older caches need',
      'response_field_values',
      'cache-control',
      'private, must-understand, max-age=0',
      listed,
    ),
    deviation: true,
  },
  {
    ...withField(
      'expires-local-time',
      'writes Expires with the local time string of its clock (not an HTTP-date)',
      'response_field_grammar',
      'expires',
      'Tue Dec 01 2026 23:00:00 GMT+0000 (Coordinated Universal Time)',
      listed,
    ),
    deviation: true,
  },
]

/** A variant that answers the requests `when` picks with `status` (its Error body, or the answer's own body). */
function answering(
  name: string,
  description: string,
  caughtBy: string,
  status: number,
  when: (request: VariantRequest) => boolean,
  headers: Record<string, string> = {},
): Variant {
  return rewrite({
    name,
    description,
    caughtBy,
    response: async (response, request) => {
      if (!when(request) || response.status >= 300) return response
      const body = status === 204 || status === 205 || status === 304 ? null : await response.arrayBuffer()
      return new Response(body, { status, headers: { ...Object.fromEntries(response.headers), ...headers } })
    },
  })
}

const is = (operationId: string) => (request: VariantRequest) => operationOf(request) === operationId
const keyed = (request: VariantRequest) => request.headers.authorization === validAuth

/** A create of a category another created pet has is refused 409 Conflict: a unique index on categoryId. */
function duplicateNameConflict(): Variant {
  return {
    name: 'duplicate-category-409',
    description:
      'keeps a unique index on categoryId (meant as a foreign key) and answers a second pet of a category 409 Conflict',
    caughtBy: 'status_code_documented',
    wrap: (fetch) => {
      // The index of this target alone: each served variant has its own store.
      const categories = new Set<string>()
      return async (input, init) => {
        const request = await readWhole(readRequest(input, init))
        const response = await forward(fetch, request, { signal: init?.signal })
        if (operationOf(request) !== 'createPet' || response.status !== 201) return response
        const category = String(jsonBodyOf(request)?.categoryId ?? '')
        if (!categories.has(category)) {
          categories.add(category)
          return response
        }
        return error(409, 'conflict', 'A pet of that category exists.')
      }
    },
  }
}

/** The variants of what a status code means (RFC 9110 section 15): a code of another meaning for a described answer. */
const statusVariants: ReadonlyArray<SemanticsVariant> = [
  answering(
    'create-accepted-202',
    'queues each create and answers 202 Accepted with the pet, as its POST /messages does',
    'status_code_documented',
    202,
    is('createPet'),
  ),
  answering(
    'list-transformed-203',
    'a transforming front re-serializes every list and answers it 203 Non-Authoritative Information',
    'status_code_documented',
    203,
    is('listPets'),
  ),
  {
    name: 'create-reset-205',
    description: "answers a create with 205 Reset Content (a form handler's default), the pet as its content",
    caughtBy: 'status_code_documented',
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      if (got.status !== 201) return writeAnswer(response, got)
      const body = Buffer.from(await got.arrayBuffer())
      response.writeHead(205, { 'content-type': 'application/json', 'content-length': String(body.length) })
      response.end(body)
    },
  } satisfies HttpVariant,
  answering(
    'list-multiple-choices-300',
    'offers every list in JSON and CSV and answers 300 Multiple Choices with the JSON one as content',
    'status_code_documented',
    300,
    is('listPets'),
    { location: '/v1/pets.json' },
  ),
  answering(
    'list-moved-301',
    'its router moved the list to /v1/pets/ and answers the old path 301 (the list as content)',
    'status_code_documented',
    301,
    is('listPets'),
    { location: '/v1/pets/' },
  ),
  answering(
    'read-found-302',
    'a maintenance rule answers reads of a pet 302 Found to a mirror',
    'status_code_documented',
    302,
    is('getPet'),
    { location: 'http://mirror.petstore.test/v1/pets/1' },
  ),
  answering(
    'create-see-other-303',
    'answers a create with 303 See Other to the new pet (Post/Redirect/Get), not 201 with it',
    'status_code_documented',
    303,
    is('createPet'),
    { location: '/v1/pets/1' },
  ),
  answering(
    'list-temporary-307',
    'a maintenance rule answers the list 307 Temporary Redirect to a read replica',
    'status_code_documented',
    307,
    is('listPets'),
    { location: 'http://replica.petstore.test/v1/pets' },
  ),
  answering(
    'create-permanent-308',
    'its framework redirects POST /v1/pets to the canonical /v1/pets/ with 308',
    'status_code_documented',
    308,
    is('createPet'),
    { location: '/v1/pets/' },
  ),
  rewrite({
    name: 'unknown-key-403',
    description: 'answers a key it does not know with 403 Forbidden (the key was read, just not recognised)',
    caughtBy: 'auth_required',
    response: (response, request) =>
      response.status === 401 && request.headers.authorization !== undefined
        ? error(403, 'forbidden', 'Unknown API key.')
        : response,
  }),
  rewrite({
    name: 'missing-key-407',
    description: "its gateway's auth plugin answers a request without a key 407 Proxy Authentication Required",
    caughtBy: 'auth_required',
    response: (response, request) =>
      response.status === 401 && request.headers.authorization === undefined
        ? error(407, 'proxy_auth_required', 'Authenticate.', { 'proxy-authenticate': 'Bearer realm="gateway"' })
        : response,
  }),
  rewrite({
    name: 'unknown-pet-410',
    description: 'its soft-delete lookup answers any id without a row 410 Gone, ids never given out included',
    caughtBy: 'unknown_pet_not_found',
    response: (response, request) =>
      response.status === 404 && operationOf(request) === 'getPet'
        ? error(410, 'gone', 'The animal is gone.')
        : response,
  }),
  rewrite({
    name: 'create-precondition-412',
    description:
      'its optimistic lock reads a create without If-Match as a version mismatch and answers 412 Precondition Failed',
    caughtBy: 'status_code_documented',
    request: (r) =>
      operationOf(r) === 'createPet' && keyed(r) && r.headers['if-match'] === undefined
        ? error(412, 'precondition_failed', 'Version mismatch.')
        : r,
  }),
  rewrite({
    name: 'invalid-body-422',
    description: "answers a pet with invalid values 422 Unprocessable Content, its validation library's default",
    caughtBy: 'invalid_body_rejected',
    response: (response, request) =>
      response.status === 400 && operationOf(request) === 'createPet'
        ? error(422, 'unprocessable', 'Invalid pet.')
        : response,
  }),
  rewrite({
    name: 'plain-http-426',
    description: 'a TLS-only gateway answers every plain-HTTP list 426 Upgrade Required, naming TLS/1.2 in Upgrade',
    caughtBy: 'status_code_documented',
    request: (r) =>
      operationOf(r) === 'listPets'
        ? error(426, 'upgrade_required', 'Use HTTPS.', { upgrade: 'TLS/1.2', connection: 'Upgrade' })
        : r,
  }),
  rewrite({
    name: 'upgrade-required-bare-426',
    description: 'a TLS-only gateway answers every plain-HTTP list 426 Upgrade Required without saying to what',
    caughtBy: 'response_field_values',
    request: (r) => (operationOf(r) === 'listPets' ? error(426, 'upgrade_required', 'Use HTTPS.') : r),
  }),
  answering(
    'list-bad-gateway-502',
    'its gateway answers 502 Bad Gateway whenever the upstream closes a kept-alive connection, every list here',
    'no_server_error',
    502,
    is('listPets'),
  ),
  answering(
    'create-unavailable-503',
    'a circuit breaker in front of it answers creates 503 Service Unavailable while its write queue is full',
    'no_server_error',
    503,
    is('createPet'),
    { 'retry-after': '30' },
  ),
  answering(
    'read-gateway-timeout-504',
    'its gateway times the pet reads out and answers them 504 Gateway Timeout',
    'no_server_error',
    504,
    is('getPet'),
  ),
  rewrite({
    name: 'accept-exact-406',
    description: 'compares Accept with the text "application/json" and refuses anything else with 406 Not Acceptable',
    caughtBy: 'generated_request_forms',
    request: (r) =>
      operationOf(r) && keyed(r) && r.headers.accept !== undefined && r.headers.accept !== 'application/json'
        ? error(406, 'not_acceptable', 'Only application/json.')
        : r,
  }),
  duplicateNameConflict(),
  {
    name: 'length-required-411',
    description:
      'reads Content-Length from rawHeaders by the exact name "Content-Length": a body whose length is written in ' +
      'lower case gets 411 Length Required',
    caughtBy: 'status_code_documented',
    handle: async ({ request, response, answer }) => {
      const body = await readBody(request)
      const names = request.rawHeaders.filter((_, index) => index % 2 === 0)
      if (body.byteLength > 0 && !names.includes('Content-Length')) {
        response.writeHead(411, { 'content-type': 'application/json' })
        return void response.end('{"code":"length_required","message":"Content-Length is required.","status":411}')
      }
      await writeAnswer(response, await answer(body))
    },
  } satisfies HttpVariant,
  rewrite({
    name: 'allow-names-refused-method',
    description: 'its 405 handler writes the method it refused in Allow, not those the path supports',
    caughtBy: 'allow_on_405',
    response: (response, request) => {
      if (response.status !== 405) return response
      const headers = new Headers(response.headers)
      headers.set('allow', request.method)
      return new Response(response.body, { status: 405, headers })
    },
  }),
]

/** The variants of caching and content codings (keyed_answer_not_public, response_field_values, content_coding). */
const cachingVariants: ReadonlyArray<SemanticsVariant> = [
  {
    ...withField(
      'lists-must-revalidate',
      'marks every list Cache-Control: max-age=0, must-revalidate, which lets a shared cache store a keyed answer',
      'keyed_answer_not_public',
      'cache-control',
      'max-age=0, must-revalidate',
      listed,
    ),
    deviation: true,
  },
  {
    ...withField(
      'list-last-modified-only',
      'sends Last-Modified on its lists with no Cache-Control: caches may keep them fresh by heuristics',
      'response_field_values',
      'last-modified',
      new Date(Date.now() - 86_400_000).toUTCString(),
      listed,
    ),
    deviation: true,
  },
  {
    name: 'gzip-always',
    description: 'its compression middleware gzips every answer whatever Accept-Encoding says, and sends no Vary',
    caughtBy: 'content_coding',
    deviation: true,
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      const body = gzipSync(Buffer.from(await got.arrayBuffer()))
      await writeAnswer(response, got, body, { 'content-encoding': 'gzip' })
    },
  } satisfies HttpVariant & { deviation: boolean },
  rewrite({
    name: 'accept-first-range-406',
    description:
      'reads only the first media range of Accept, weights ignored, and refuses it with 406 when it is not JSON',
    caughtBy: 'generated_request_forms',
    request: (r) => {
      const first = (r.headers.accept ?? '').split(',')[0]?.split(';')[0]?.trim() ?? ''
      return operationOf(r) && keyed(r) && first !== '' && !/^(?:application\/(?:json|\*)|\*\/\*)$/i.test(first)
        ? error(406, 'not_acceptable', 'Only application/json.')
        : r
    },
  }),
]

/**
 * One realistic defect per check of the HTTP semantics rows of the ledger, each at the seam where an independent
 * implementation would have it (a WAF rule, a middleware, a framework default, a hand-written parser).
 * `deviation: true` where the check reports it as a deviation.
 */
export const semanticsFaultyVariants: ReadonlyArray<SemanticsVariant> = [
  ...requestFieldVariants,
  ...fieldValueVariants,
  ...statusVariants,
  ...wireVariants,
  ...rangeVariants,
  ...preconditionVariants,
  ...cachingVariants,
]
