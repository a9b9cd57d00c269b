import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { parse as parseUrl } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { type FrontVariant, startFrontVariant } from './front-variant.ts'
import { type HttpExchange, readBody, writeAnswer } from './http-variant.ts'
import type { WireVariant } from './wire-faulty-variants.ts'
import { startWireServer, type WireServerDefects } from './wire-server.ts'

/** A variant a ledger row of RFC 9110 sections 2 to 9 names, and whether it is caught as a deviation. */
type MessageVariant = WireVariant & { deviation?: boolean; configurationFault?: true; testAuthority?: true }

const validAuth = `Bearer ${developmentApiKey}`

/** The hand-written node:net server of `wire-server.ts` with one defect. */
const handWritten = (
  name: string,
  description: string,
  caughtBy: string,
  defects: WireServerDefects,
): MessageVariant => ({ name, description, caughtBy, start: () => startWireServer(defects) })

/** A node:http server of its own in front of the good mock, with one defect (`startFrontVariant`). */
const front = (variant: FrontVariant): MessageVariant => ({ ...variant, start: () => startFrontVariant(variant) })

/** The good mock's answer, written as it came. */
const passOn = async ({ request, response, answer }: HttpExchange) =>
  writeAnswer(response, await answer(await readBody(request)))

/** An Error body in the interface's shape, written with `headers`. */
function error(response: ServerResponse, status: number, code: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify({ code, message: code.replaceAll('_', ' '), status }))
}

const unauthorized = (response: ServerResponse) =>
  error(response, 401, 'unauthorized', { 'www-authenticate': 'Bearer realm="petstore"' })

/** A JSON answer rendered as `name: value` lines, a list item per paragraph: what a text/plain negotiation gives. */
const asText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(asText).join('\n\n')
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .map(([name, member]) => `${name}: ${String(member)}`)
          .join('\n')
      : String(value)

/** The header section's size as node read it: every name and value. */
const headerBytes = (request: IncomingMessage) => request.rawHeaders.reduce((sum, text) => sum + text.length + 2, 0)

/** A certificate and its key from test/fixtures/tls (made with openssl: see the folder's README). */
const certificate = (name: string) => ({
  cert: readFileSync(new URL(`../fixtures/tls/${name}.pem`, import.meta.url), 'utf8'),
  key: readFileSync(new URL(`../fixtures/tls/${name}.key`, import.meta.url), 'utf8'),
})

/** An answer as HTTP/1.1 bytes that say Connection: close: what a front writes itself, past node's writer. */
async function closingAnswerBytes(answer: Response): Promise<Buffer> {
  const body = Buffer.from(await answer.arrayBuffer())
  const lines = [`HTTP/1.1 ${answer.status} ${answer.statusText || 'Answer'}`]
  for (const [name, value] of answer.headers)
    if (!['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
      lines.push(`${name}: ${value}`)
  lines.push(`content-length: ${body.byteLength}`, 'connection: close', '', '')
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body])
}

const asksClose = (request: IncomingMessage): boolean => /(^|,)\s*close\s*(,|$)/i.test(request.headers.connection ?? '')

/** The TCP connection under each TLS connection of a front, by the client's port (the `connection` event's socket). */
const tcpUnderTls = new Map<number, Socket>()

/** Pets a create named by Content-Location overwrote, by server port then id. */
const upserted = new Map<number, Map<string, unknown>>()

/**
 * One realistic defect per variant against what RFC 9110 sections 2 to 9 ask of a server, each at the seam where an
 * independent implementation has it: its hand-written HTTP/1.1 parser and writer, a node:http front (a middleware, a
 * gateway setting, a handler), each named by the ledger rows it breaks (docs/ledger/rfc9110.tsv, interface.tsv).
 */
export const messageFaultyVariants: ReadonlyArray<MessageVariant> = [
  handWritten(
    'close-in-lower-case-only',
    'its hand-written server looks for "close" in Connection in lower case only: Connection: CLOSE keeps the ' +
      'connection open',
    'wire_request_forms',
    { closeInLowerCaseOnly: true },
  ),
  handWritten(
    'field-values-untrimmed',
    'its hand-written parser takes a field value from two octets after the colon on, keeping the spaces and tabs ' +
      'around it, and compares the Authorization value so read with "Bearer <key>"',
    'wire_request_forms',
    {
      readsField: (line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 2)]
      },
      keyChecked: (value) => value === undefined || value === validAuth,
    },
  ),
  handWritten(
    'fields-from-host-line',
    "its hand-written parser starts a request's fields again at the Host line (a virtual host's context): the " +
      'lines written before Host are lost, the key among them',
    'wire_request_forms',
    { fieldsFromHost: true },
  ),
  handWritten(
    'nul-ends-field-value',
    'its hand-written parser reads a field value as a C string: a NUL ends it, so "<key>\\0x" is the key',
    'field_value_octets',
    {
      readsField: (line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).toLowerCase(), (line.slice(colon + 1).split('\0')[0] ?? '').trim()]
      },
    },
  ),
  handWritten(
    'control-characters-dropped',
    'its hand-written parser drops control characters from field values before using them: a key with 0x01 ' +
      'inside it is the key',
    'field_value_octets',
    {
      readsField: (line) => {
        const colon = line.indexOf(':')
        const kept = [...line.slice(colon + 1)].filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f'))
        return [line.slice(0, colon).toLowerCase(), kept.join('').trim()]
      },
    },
  ),
  handWritten(
    'trailer-fields-merged',
    "its hand-written chunked decoder merges the trailer section's fields into the request's: an Authorization " +
      'sent after the content authenticates it',
    'field_value_octets',
    { mergesTrailers: true },
  ),
  handWritten(
    'version-echoed',
    "its hand-written writer starts each status line with the request's HTTP-version (HTTP/1.2 200 to an HTTP/1.2 " +
      "request), as PHP's built-in server does",
    'protocol_version',
    { echoesVersion: true },
  ),
  handWritten(
    'one-read-one-request',
    'its hand-written server takes what one read of the socket holds as the whole request: a header section that ' +
      'comes in two writes is answered at the first (401, the key not yet come)',
    'header_section_whole',
    { readIsRequest: true },
  ),
  handWritten(
    'content-length-wraps',
    'its hand-written parser reads Content-Length into an unsigned 64-bit count without an overflow check: 2^64 + ' +
      '23 reads as 23',
    'content_length_values',
    { lengthWraps: true },
  ),
  handWritten(
    'cache-control-as-trailer',
    'its hand-written writer streams every answer chunked and sends Cache-Control after the content, as a trailer ' +
      'field it announces nowhere',
    'answer_field_rules',
    { trailerCacheControl: true },
  ),
  front({
    name: 'host-name-case-default-site',
    description:
      'its virtual hosts are keyed by the Host field as sent: LOCALHOST finds none, and the default site answers ' +
      'every path with its welcome page, no key asked',
    caughtBy: 'wire_request_forms',
    hostName: 'localhost',
    handle: async (exchange) => {
      const { request, response } = exchange
      if (request.headers.host === `localhost:${request.socket.localPort}`) return passOn(exchange)
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<h1>Welcome</h1>')
    },
  }),
  front({
    name: 'accept-first-line-only',
    description:
      'its content negotiation reads the first Accept line of the raw header section only: Accept split over two ' +
      'lines, text/plain first, gets the answer rendered as text',
    caughtBy: 'wire_request_forms',
    handle: async (exchange) => {
      const { request, response, answer } = exchange
      const first = request.rawHeaders.find(
        (_, index, raw) => index % 2 === 1 && raw[index - 1]?.toLowerCase() === 'accept',
      )
      if (!first?.startsWith('text/plain')) return passOn(exchange)
      const got = await answer(await readBody(request))
      response.writeHead(got.status, { 'content-type': 'text/plain' })
      response.end(asText(await got.json().catch(() => '')))
    },
  }),
  front({
    name: 'user-agent-comment-crash',
    description: 'its analytics middleware parses User-Agent comments one level deep and throws on a nested one: 500',
    caughtBy: 'wire_request_forms',
    handle: async (exchange) => {
      if (/\([^)]*\(/.test(exchange.request.headers['user-agent'] ?? '')) {
        exchange.response.writeHead(500, { 'content-type': 'text/plain' })
        return void exchange.response.end('SyntaxError: unbalanced comment in User-Agent')
      }
      await passOn(exchange)
    },
  }),
  front({
    name: 'forwarded-office-trusted',
    description:
      'it serves its office network (192.0.2.0/24) without a key, and takes the client address from Forwarded, a ' +
      'field any client can write',
    caughtBy: 'wire_request_forms',
    handle: async (exchange) => {
      if (/for="?192\.0\.2\./.test(exchange.request.headers.forwarded ?? ''))
        exchange.request.headers.authorization = validAuth
      await passOn(exchange)
    },
  }),
  front({
    name: 'request-date-replay-guard',
    description:
      'its replay guard refuses a request whose Date field is more than five minutes old with 401, as if the key ' +
      'were invalid',
    caughtBy: 'wire_request_forms',
    handle: async (exchange) => {
      const date = exchange.request.headers.date
      if (date && Date.now() - Date.parse(date) > 300_000) return unauthorized(exchange.response)
      await passOn(exchange)
    },
  }),
  front({
    name: 'get-length-zero-refused',
    description:
      'its body parser runs for every request with a Content-Length and refuses the empty body of a GET as invalid ' +
      'JSON (400)',
    caughtBy: 'wire_request_forms',
    deviation: true,
    handle: async (exchange) => {
      const { request, response } = exchange
      if (request.method === 'GET' && request.headers['content-length'] === '0')
        return error(response, 400, 'invalid_json')
      await passOn(exchange)
    },
  }),
  front({
    name: 'max-forwards-answered-by-gateway',
    description:
      'its gateway answers any request whose Max-Forwards is spent (0) itself, whatever the method, as it answers a ' +
      'TRACE: 200 with a text of its own',
    caughtBy: 'wire_request_forms',
    handle: async (exchange) => {
      if (exchange.request.headers['max-forwards'] !== '0') return passOn(exchange)
      exchange.response.writeHead(200, { 'content-type': 'text/plain' })
      exchange.response.end('gateway: the last hop')
    },
  }),
  front({
    name: 'obs-text-decoded-fatally',
    description:
      'its request logger decodes every field value as UTF-8 with fatal errors on: an obs-text octet (0xE9) ' +
      'throws, 500',
    caughtBy: 'field_value_octets',
    handle: async (exchange) => {
      const decoder = new TextDecoder('utf-8', { fatal: true })
      try {
        for (const value of exchange.request.rawHeaders) decoder.decode(Buffer.from(value, 'latin1'))
      } catch {
        exchange.response.writeHead(500, { 'content-type': 'text/plain' })
        return void exchange.response.end('TypeError: The encoded data was not valid for encoding utf-8')
      }
      await passOn(exchange)
    },
  }),
  front({
    name: 'tenant-by-host-crash',
    description:
      "it picks a tenant's store by the request's host (an absolute-form target's authority, else Host) and reads " +
      'it unguarded: a host it does not serve, or none, throws, 500',
    caughtBy: 'target_uri_validity',
    handle: async (exchange) => {
      const { request, response } = exchange
      const target = request.url ?? '/'
      const host = target.startsWith('/') ? request.headers.host : (parseUrl(target).host ?? '')
      if (host !== `127.0.0.1:${request.socket.localPort}`) {
        response.writeHead(500, { 'content-type': 'text/plain' })
        return void response.end("TypeError: Cannot read properties of undefined (reading 'pets')")
      }
      await passOn(exchange)
    },
  }),
  front({
    name: 'https-target-skips-key',
    description:
      'it takes a request whose target names https as one its TLS gateway already authenticated, and asks it no key',
    caughtBy: 'target_uri_validity',
    handle: async (exchange) => {
      if (exchange.request.url?.startsWith('https://')) exchange.request.headers.authorization = validAuth
      await passOn(exchange)
    },
  }),
  front({
    name: 'userinfo-taken-as-key',
    description:
      "its authentication takes the key from the target's userinfo when there is no Authorization (a shortcut for " +
      'links with credentials)',
    caughtBy: 'target_uri_validity',
    handle: async (exchange) => {
      const { request } = exchange
      const auth = request.url?.startsWith('/') ? null : parseUrl(request.url ?? '').auth
      if (auth && !request.headers.authorization) request.headers.authorization = `Bearer ${decodeURIComponent(auth)}`
      await passOn(exchange)
    },
  }),
  front({
    name: 'upgrade-advertised-without-option',
    description:
      'it advertises HTTP/2 on every answer with "Upgrade: h2,h2c" and no "upgrade" in Connection, as Apache\'s ' +
      'mod_http2 once did',
    caughtBy: 'answer_field_rules',
    handle: async ({ request, response, answer }) =>
      writeAnswer(response, await answer(await readBody(request)), undefined, { upgrade: 'h2,h2c' }),
  }),
  front({
    name: 'upgrade-taken-by-websocket',
    description:
      'its websocket library takes over every request that carries Upgrade and switches to websocket, whatever ' +
      'protocol was asked, HTTP/1.0 included, without the 100 an Expect asked for',
    caughtBy: 'upgrade_ignored',
    onServer: (server) =>
      server.on('upgrade', (_request, socket) =>
        socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
      ),
  }),
  front({
    name: 'switch-without-upgrade-field',
    description: 'its upgrade handler answers 101 Switching Protocols without naming, in Upgrade, the protocol',
    caughtBy: 'upgrade_ignored',
    onServer: (server) =>
      server.on('upgrade', (_request, socket) =>
        socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n\r\n'),
      ),
  }),
  front({
    name: 'http10-refused-426-bare',
    description:
      'it refuses HTTP/1.0 requests with 426 Upgrade Required, naming in no Upgrade field what to upgrade to',
    caughtBy: 'answer_field_rules',
    handle: async (exchange) => {
      if (exchange.request.httpVersion === '1.0') return error(exchange.response, 426, 'upgrade_required')
      await passOn(exchange)
    },
  }),
  front({
    name: 'connect-tunnel-opened',
    description:
      'its node server has a CONNECT handler from a proxy library: it answers "200 Connection Established" to any ' +
      'CONNECT, an empty port included (it forwards nothing here)',
    caughtBy: 'connect_refused',
    onServer: (server) =>
      server.on('connect', (_request, socket) =>
        socket.end('HTTP/1.1 200 Connection Established\r\nContent-Length: 0\r\n\r\n'),
      ),
  }),
  front({
    name: 'trace-echoes-credentials',
    description:
      'it answers TRACE by echoing the request it received as message/http, Authorization and Cookie included',
    caughtBy: 'trace_echo',
    deviation: true,
    handle: async (exchange) => {
      const { request, response } = exchange
      if (request.method !== 'TRACE') return passOn(exchange)
      const lines = [`TRACE ${request.url} HTTP/${request.httpVersion}`]
      for (let at = 0; at < request.rawHeaders.length; at += 2)
        lines.push(`${request.rawHeaders[at]}: ${request.rawHeaders[at + 1]}`)
      response.writeHead(200, { 'content-type': 'message/http' })
      response.end(`${lines.join('\r\n')}\r\n\r\n`)
    },
  }),
  front({
    name: 'preflight-204-with-length',
    description: 'its CORS middleware answers OPTIONS itself with 204 and Content-Length: 0, as the cors package does',
    caughtBy: 'answer_field_rules',
    handle: async (exchange) => {
      if (exchange.request.method !== 'OPTIONS') return passOn(exchange)
      exchange.response.writeHead(204, { 'content-length': '0', 'access-control-allow-methods': 'GET,HEAD,POST' })
      exchange.response.end()
    },
  }),
  front({
    name: 'keep-alive-unlisted',
    description:
      'it sets "Keep-Alive: timeout=5" on every answer (a setting copied from its proxy) and closes with ' +
      '"Connection: close", which lists no keep-alive',
    caughtBy: 'answer_field_rules',
    handle: async ({ request, response, answer }) =>
      writeAnswer(response, await answer(await readBody(request)), undefined, {
        'keep-alive': 'timeout=5',
        connection: 'close',
      }),
  }),
  front({
    name: 'connection-names-date',
    description: 'it lists the fields it regenerates on every hop in Connection: "Connection: keep-alive, Date"',
    caughtBy: 'answer_field_rules',
    handle: async ({ request, response, answer }) =>
      writeAnswer(response, await answer(await readBody(request)), undefined, { connection: 'keep-alive, Date' }),
  }),
  front({
    name: 'last-modified-ahead',
    description:
      'it stamps Last-Modified from a clock an hour ahead (local time labelled GMT): later than its own Date',
    caughtBy: 'answer_field_rules',
    handle: async ({ request, response, answer }) =>
      writeAnswer(response, await answer(await readBody(request)), undefined, {
        'last-modified': new Date(Date.now() + 3_600_000).toUTCString(),
      }),
  }),
  front({
    name: 'last-modified-frozen',
    description:
      'it stamps lists with Last-Modified as the day it was deployed (midnight) and answers 304 to an ' +
      'If-Modified-Since not before it: a list that grew since still gets 304',
    caughtBy: 'no_stale_read',
    handle: async (exchange) => {
      const { request, response } = exchange
      const started = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000)
      const since = Date.parse(request.headers['if-modified-since'] ?? '')
      const list = request.method === 'GET' && (request.url ?? '').split('?')[0]?.endsWith('/pets')
      if (!list) return passOn(exchange)
      if (since >= started.getTime()) {
        response.writeHead(304, { 'last-modified': started.toUTCString() })
        return void response.end()
      }
      await writeAnswer(response, await exchange.answer(undefined), undefined, {
        'last-modified': started.toUTCString(),
      })
    },
  }),
  front({
    name: 'date-sent-twice',
    description: 'its framework and its middleware each stamp a Date: every answer carries two Date lines',
    caughtBy: 'answer_field_rules',
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      const body = Buffer.from(await got.arrayBuffer())
      const date = new Date().toUTCString()
      const fields = Object.fromEntries([...got.headers].filter(([name]) => !['content-length', 'date'].includes(name)))
      for (const [name, value] of Object.entries(fields)) response.setHeader(name, value)
      response.setHeader('date', [date, date])
      response.writeHead(got.status)
      response.end(body.byteLength > 0 ? body : undefined)
    },
  }),
  front({
    name: 'identity-coding-named',
    description: 'it labels every answer it does not compress "Content-Encoding: identity"',
    caughtBy: 'answer_field_rules',
    deviation: true,
    handle: async ({ request, response, answer }) =>
      writeAnswer(response, await answer(await readBody(request)), undefined, { 'content-encoding': 'identity' }),
  }),
  front({
    name: 'gzip-without-label',
    description:
      'its compression middleware, placed after the one that sets the fields, gzips every body without a ' +
      'Content-Encoding',
    caughtBy: 'response_schema_conformance',
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      const body = Buffer.from(await got.arrayBuffer())
      await writeAnswer(response, got, body.byteLength > 0 ? new Uint8Array(gzipSync(body)) : body)
    },
  }),
  front({
    name: 'head-typed-otherwise',
    description:
      "its HEAD route, written apart from GET, answers with the framework's default Content-Type, text/plain",
    caughtBy: 'head_like_get',
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      const headers: Record<string, string> =
        request.method === 'HEAD' ? { 'content-type': 'text/plain; charset=utf-8' } : {}
      await writeAnswer(response, got, undefined, headers)
    },
  }),
  front({
    name: 'head-length-zero',
    description:
      'its framework sets Content-Length from the body it writes, and its HEAD route, written apart from GET, writes ' +
      'none: Content-Length: 0',
    caughtBy: 'head_like_get',
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      const body = new Uint8Array(await got.arrayBuffer())
      const length = request.method === 'HEAD' ? 0 : body.byteLength
      await writeAnswer(response, got, body, { 'content-length': String(length) })
    },
  }),
  front({
    name: 'method-override-honoured',
    description:
      'its method-override middleware is set to take X-HTTP-Method-Override on every method: a GET that names POST ' +
      'creates from its body',
    caughtBy: 'method_override_ignored',
    handle: async (exchange) => {
      const { request } = exchange
      const override = request.headers['x-http-method-override']
      if (typeof override === 'string' && ['GET', 'HEAD'].includes(request.method ?? '')) request.method = override
      await passOn(exchange)
    },
  }),
  front({
    name: 'content-location-upsert',
    description:
      "its create takes a request's Content-Location as the resource to write (an upsert): the pet it names is " +
      'overwritten instead of a new one made',
    caughtBy: 'content_location_ignored',
    handle: async (exchange) => {
      const { request, response } = exchange
      const store = upserted.get(request.socket.localPort ?? 0) ?? new Map<string, unknown>()
      upserted.set(request.socket.localPort ?? 0, store)
      const named = /\/pets\/(\d+)$/.exec(request.headers['content-location'] ?? '')?.[1]
      const read = request.method === 'GET' ? /\/v1\/pets\/(\d+)$/.exec(request.url ?? '')?.[1] : undefined
      if (request.method === 'POST' && named) {
        const pet = { ...JSON.parse(Buffer.from(await readBody(request)).toString()), id: Number(named) }
        store.set(named, pet)
        response.writeHead(201, { 'content-type': 'application/json' })
        return void response.end(JSON.stringify(pet))
      }
      if (read && store.has(read)) {
        response.writeHead(200, { 'content-type': 'application/json' })
        return void response.end(JSON.stringify(store.get(read)))
      }
      await passOn(exchange)
    },
  }),
  front({
    name: 'get-body-filters',
    description:
      'its list reads its filters from a JSON body as well as from the query (a search endpoint style): a GET whose ' +
      'body says {"status":"sold","limit":1} is filtered by it',
    caughtBy: 'safe_method_content',
    deviation: true,
    handle: async (exchange) => {
      const { request } = exchange
      const body = Buffer.from(await readBody(request)).toString()
      if (
        body &&
        ['GET', 'HEAD'].includes(request.method ?? '') &&
        (request.url ?? '').split('?')[0]?.endsWith('/pets')
      ) {
        const filters = JSON.parse(body) as Record<string, unknown>
        const url = new URL(request.url ?? '/', 'http://front')
        for (const [name, value] of Object.entries(filters)) url.searchParams.set(name, String(value))
        request.url = `${url.pathname}${url.search}`
      }
      await writeAnswer(exchange.response, await exchange.answer(undefined))
    },
  }),
  front({
    name: 'unlabelled-body-as-defaults',
    description:
      'its body reader takes a body without Content-Type as an empty form, and the create fills every string ' +
      'field with its default, "unnamed"',
    caughtBy: 'unlabelled_body',
    handle: async (exchange) => {
      const { request, response, answer } = exchange
      const body = await readBody(request)
      if (request.method !== 'POST' || request.headers['content-type'] !== undefined)
        return writeAnswer(response, await answer(body))
      const sent = JSON.parse(Buffer.from(body).toString()) as Record<string, unknown>
      const filled = Object.fromEntries(
        Object.entries(sent).map(([name, value]) => [name, typeof value === 'string' ? 'unnamed' : value]),
      )
      request.headers['content-type'] = 'application/json'
      await writeAnswer(response, await answer(new TextEncoder().encode(JSON.stringify(filled))))
    },
  }),
  front({
    name: 'coding-name-exact-crash',
    description:
      'it decodes a request body whose Content-Encoding is exactly "gzip", and throws on any other coding name ' +
      '(GZIP, x-gzip, an unknown one): 500',
    caughtBy: 'request_content_coding',
    handle: async (exchange) => {
      const { request, response, answer } = exchange
      const coding = request.headers['content-encoding']
      const body = await readBody(request)
      if (coding === undefined) return writeAnswer(response, await answer(body))
      if (coding !== 'gzip') {
        response.writeHead(500, { 'content-type': 'text/plain' })
        return void response.end(`Error: unsupported content coding ${coding}`)
      }
      delete request.headers['content-encoding']
      await writeAnswer(response, await answer(new Uint8Array(gunzipSync(body))))
    },
  }),
  front({
    name: 'large-header-crash',
    description:
      'its node server allows header sections up to 256 KB, and its logging middleware throws on one over 16 KB: 500',
    caughtBy: 'field_size_limits',
    maxHeaderSize: 262_144,
    handle: async (exchange) => {
      if (headerBytes(exchange.request) > 16_384) {
        exchange.response.writeHead(500, { 'content-type': 'text/plain' })
        return void exchange.response.end('RangeError: log line too long')
      }
      await passOn(exchange)
    },
  }),
  front({
    name: 'long-target-crash',
    description:
      'its router matches a request-target over 4 KB with a regular expression that overflows its stack: 500',
    caughtBy: 'field_size_limits',
    handle: async (exchange) => {
      if ((exchange.request.url ?? '').length <= 4096) return passOn(exchange)
      exchange.response.writeHead(500, { 'content-type': 'text/plain' })
      exchange.response.end('RangeError: Maximum call stack size exceeded')
    },
  }),
  front({
    name: 'asterisk-lists',
    description: 'its router takes the asterisk-form target of a GET as its root and answers it with the pet list',
    caughtBy: 'target_uri_validity',
    deviation: true,
    handle: async (exchange) => {
      if (exchange.request.url === '*' && exchange.request.method === 'GET') exchange.request.url = '/v1/pets'
      await passOn(exchange)
    },
  }),
  front({
    name: 'options-without-allow',
    description: 'its OPTIONS handler answers 200 with an empty body and names no method in Allow',
    caughtBy: 'options_answered',
    deviation: true,
    handle: async (exchange) => {
      if (exchange.request.method !== 'OPTIONS') return passOn(exchange)
      exchange.response.writeHead(200, { 'content-length': '0' })
      exchange.response.end()
    },
  }),
  front({
    name: 'options-max-forwards-gateway-error',
    description:
      'its gateway, asked to forward an OPTIONS whose Max-Forwards is spent (0), answers 502 instead of letting the ' +
      'origin server, the final recipient, answer',
    caughtBy: 'options_answered',
    handle: async (exchange) => {
      const { request, response } = exchange
      if (request.method !== 'OPTIONS' || request.headers['max-forwards'] !== '0') return passOn(exchange)
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end('Bad Gateway: Max-Forwards exhausted')
    },
  }),
  front({
    name: 'certificate-self-signed',
    description:
      'it serves https with the self-signed certificate its development setup made (for 127.0.0.1), which no client ' +
      'trusts',
    caughtBy: 'tls_certificate',
    configurationFault: true,
    tls: certificate('self-signed'),
  }),
  front({
    name: 'tls-close-without-close-notify',
    description:
      'its TLS front answers a request that asks to close the connection and then destroys the socket (destroy() ' +
      'where end() was meant): the TCP connection closes with no close_notify',
    caughtBy: 'tls_records',
    tls: certificate('loopback'),
    testAuthority: true,
    handle: async (exchange) => {
      if (!asksClose(exchange.request)) return passOn(exchange)
      const bytes = await closingAnswerBytes(await exchange.answer(await readBody(exchange.request)))
      const socket = exchange.response.socket
      socket?.write(bytes, () => socket.destroy())
    },
  }),
  front({
    name: 'tls-answer-outside-tls',
    description:
      'its TLS front hands a request that asks to close the connection to a fallback that writes the answer to the ' +
      'TCP connection beneath TLS, in plain text',
    caughtBy: 'tls_records',
    tls: certificate('loopback'),
    testAuthority: true,
    onServer: (server) =>
      server.on('connection', (socket: Socket) => {
        const port = socket.remotePort as number
        tcpUnderTls.set(port, socket)
        socket.once('close', () => tcpUnderTls.delete(port))
      }),
    handle: async (exchange) => {
      const tcp = tcpUnderTls.get(exchange.request.socket.remotePort as number)
      if (!asksClose(exchange.request) || !tcp) return passOn(exchange)
      const bytes = await closingAnswerBytes(await exchange.answer(await readBody(exchange.request)))
      tcp.end(bytes)
    },
  }),
  front({
    name: 'served-without-version',
    description:
      'it is deployed behind a gateway that serves it under /api: the version segment is gone from its base address',
    caughtBy: 'base_address_version',
    basePath: '/api',
  }),
  front({
    name: 'pets-api-without-v1',
    description:
      'its router is mounted at the root instead of at /v1 (the prefix dropped in a refactor): /pets answers the ' +
      "list, /v1/pets the framework's HTML 404",
    caughtBy: 'base_address_version',
    handle: async ({ request, response, answer }) => {
      const body = await readBody(request)
      const path = request.url ?? '/'
      if (/^\/v1(\/|\?|$)/.test(path)) {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        response.end(`<!DOCTYPE html><pre>Cannot ${request.method} ${path}</pre>`)
        return
      }
      if (/^\/pets(\/|\?|$)/.test(path)) request.url = `/v1${path}`
      return writeAnswer(response, await answer(body))
    },
  }),
]
