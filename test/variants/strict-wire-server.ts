import { STATUS_CODES } from 'node:http'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { gzipSync } from 'node:zlib'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import type { RunningServer } from './frameworks/running-server.ts'

/**
 * One defect of a hand-written HTTP/1.1 server, each off by default (then it keeps RFC 9112 as strictly as it
 * reads): how it reads a request, how it writes an answer, how it keeps the connection.
 */
export interface StrictWireDefects {
  // How it writes answers.
  /** Writes no reason-phrase, and with it the SP after the status code: `HTTP/1.1 200`. */
  statusWithoutSpace?: boolean
  /** Ends the lines of its heads with LF alone. */
  lfLineEnds?: boolean
  /** Writes its heads from a template that sets the first field line on an indented line of its own. */
  firstFieldIndented?: boolean
  /** Folds a field value longer than 30 characters onto a continuation line, as mail headers are folded. */
  foldsLongValues?: boolean
  /** Adds a field read from a CRLF text file with its CR kept: `x-powered-by: petstore\r`. */
  bareCrValue?: boolean
  /** Sends its 401s gzipped as `Transfer-Encoding: gzip` (meant as Content-Encoding) and keeps the connection. */
  gzipCodedErrors?: boolean
  /** Answers OPTIONS with a 204 written by its streaming writer: `Transfer-Encoding: chunked`. */
  chunked204?: boolean
  /** Streams list pages through a writer that chunks them, into a response that chunks again. */
  listChunkedTwice?: boolean
  /** Closes every connection after one answer, its answers saying `Connection: keep-alive`. */
  closesUnsaid?: boolean
  /** Says `Connection: close` to an HTTP/1.0 request, then reads and answers what follows on the connection. */
  saysCloseKeepsReading?: boolean
  // How it reads requests.
  /** Its key filter guards the methods by exact name, while its router takes a method in any case. */
  methodCaseBypassesKey?: boolean
  /** Splits each field line on its first colon and trims both sides: a line that begins with white space is read. */
  trimsFieldLines?: boolean
  /** Splits the head into lines at a CR, an LF or both. */
  bareCrEndsLine?: boolean
  /** Finds where the body starts by the length of the head decoded as UTF-8 text, not by its bytes. */
  headMeasuredAsText?: boolean
  /** Reads a body as chunked only when Transfer-Encoding is exactly `chunked`, else as having none. */
  chunkedByExactName?: boolean
  /** Parses a chunk-size line as hexadecimal digits alone: an extension throws, 500. */
  chunkExtensionThrows?: boolean
  /** Reads no trailer section: the bytes after the last chunk are read as the next request. */
  trailerUnread?: boolean
  /** Merges trailer fields into the header fields. */
  mergesTrailers?: boolean
  /** Reads a chunk size into 32 bits: 2^32 + n is n. */
  chunkSizeIn32Bits?: boolean
  /** Reads an HTTP/1.0 request with Transfer-Encoding by its Content-Length, and keeps the connection. */
  http10CodingByLength?: boolean
  /** Reads a body as chunked when any of its transfer codings is chunked, the last or not. */
  chunkedAnywhere?: boolean
  /** Reads a body by the first of several Content-Length fields. */
  firstLengthWins?: boolean
  /** Acts on the bytes of a body cut short by the client's half-close as if they were whole. */
  actsOnCutBody?: boolean
  /** Answers a request without a key at once, its body left unread on the connection. */
  refusesBeforeBody?: boolean
  /** Splits the request-line at each SP and reads the version as the third part: two SP in a row throw, 500. */
  requestLineBySpace?: boolean
  /** Logs each request-target into a column of 2,048 characters: a longer one throws, 500. */
  targetColumn2048?: boolean
  /** Serves each tenant by the Host field, an absolute-form target's authority ignored. */
  tenantByHost?: boolean
}

interface Request {
  method: string
  target: string
  version: string
  fields: Array<[string, string]>
  body: Buffer
}

type Parsed =
  | { request: Request; length: number; close: boolean }
  | { refuse: number; length: number }
  | { wait: true }
  | { throws: true; length: number }

const tchar = "[!#$%&'*+.^_`|~0-9A-Za-z-]"
const requestLine = new RegExp(`^(${tchar}+) ([^ \\x00-\\x1f\\x7f]+) (HTTP/\\d\\.\\d)$`)
const fieldLine = new RegExp(`^(${tchar}+):[ \\t]*([\\t \\x21-\\x7e\\x80-\\xff]*?)[ \\t]*$`)
const hopByHop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'te', 'trailer'])
/** The longest request-target it parses: past the 8,000 octets of a request-line RFC 9112 section 3 recommends. */
const longestTarget = 12_000
/** The largest body it reads. */
const largestBody = 1_048_576

/**
 * A Pet Store served by a hand-written HTTP/1.1 server over node:net that keeps RFC 9112 strictly, the good mock
 * behind it: it refuses with 400 (and closes) a bare CR, a line that begins with white space, white space before a
 * colon, a broken Content-Length, a Transfer-Encoding whose last coding is not chunked and any HTTP/1.0 request
 * that has one; answers 501 to a coding it does not know and to a method not in upper case, 414 to a target longer
 * than it parses; reads chunk extensions, trailers (kept apart) and sizes of any length; answers in order, says
 * `close` before it closes, and writes every head as status-line CRLF field lines CRLF. Each defect of
 * `StrictWireDefects` is one change of it, at the seam where a hand-written server would have it.
 * @example const server = await startStrictWireServer({ trimsFieldLines: true }); await server.close()
 */
export async function startStrictWireServer(defects: StrictWireDefects = {}): Promise<RunningServer> {
  const mock = await startPetStoreServer()
  // Another tenant's store: seeded otherwise, so that its pages differ.
  const other = defects.tenantByHost ? await startPetStoreServer({ seed: 7, fixtures: [] }) : undefined
  const sockets = new Set<Socket>()
  let own = ''
  // A client's half-close ends a request, not the connection: the answer still goes out (RFC 9112 section 9.6).
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let buffer = Buffer.alloc(0)
    let previous: Promise<unknown> = Promise.resolve()
    let closing = false
    let ended = false
    const write = (bytes: Buffer, close: boolean) => {
      if (socket.destroyed) return
      socket.write(bytes)
      if (close || defects.closesUnsaid) socket.end()
    }
    const serve = () => {
      while (!closing) {
        const parsed = parseRequest(buffer, defects, ended)
        if ('wait' in parsed) return
        buffer = buffer.subarray(parsed.length)
        if ('throws' in parsed) {
          closing = true
          previous = previous.then(() =>
            write(answerBytes(500, textFields, Buffer.from('error'), true, 'GET', defects), true),
          )
          return
        }
        if ('refuse' in parsed) {
          closing = true
          const status = parsed.refuse
          previous = previous.then(() =>
            write(answerBytes(status, new Headers(), Buffer.alloc(0), true, 'GET', defects), true),
          )
          return
        }
        const { request } = parsed
        const close = parsed.close && !(defects.saysCloseKeepsReading && request.version === 'HTTP/1.0')
        if (close) closing = true
        const saysClose = parsed.close
        const answer = answerOf(request, { own, mock: mock.baseUrl, other: other?.baseUrl }, defects).then((bytes) =>
          bytes(saysClose),
        )
        previous = Promise.all([previous, answer]).then(([, bytes]) => write(bytes, close))
      }
    }
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      serve()
    })
    socket.on('end', () => {
      ended = true
      serve()
      if (!closing) previous.then(() => socket.end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  own = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl: `http://${own}/v1`,
    messagesBaseUrl: `http://${own}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
      await mock.close()
      await other?.close()
    },
  }
}

const textFields = new Headers({ 'content-type': 'text/plain' })

/** The next request in the buffer, whole; what to refuse it with; or that more must come. */
function parseRequest(buffer: Buffer, defects: StrictWireDefects, ended: boolean): Parsed {
  // RFC 9112 section 2.2: at least one empty line before a request-line is ignored.
  let start = 0
  while (buffer[start] === 0x0d && buffer[start + 1] === 0x0a) start += 2
  const end = buffer.indexOf('\r\n\r\n', start)
  const bareLf = buffer
    .subarray(start, end < 0 ? buffer.length : end)
    .toString('latin1')
    .search(/(?<!\r)\n/)
  if (bareLf >= 0) return { refuse: 400, length: buffer.length }
  if (end < 0) return buffer.length - start > 65_536 ? { refuse: 431, length: buffer.length } : { wait: true }
  const head = buffer.subarray(start, end).toString('latin1')
  const bodyStart = defects.headMeasuredAsText
    ? start + Buffer.from(buffer.subarray(start, end).toString('utf8'), 'latin1').length + 4
    : end + 4
  const refuse = (status: number): Parsed => ({ refuse: status, length: buffer.length })
  if (!defects.bareCrEndsLine && /\r(?!\n)/.test(head)) return refuse(400)
  const [line = '', ...lines] = head.split(defects.bareCrEndsLine ? /\r\n|\r|\n/ : '\r\n')
  if (defects.requestLineBySpace && !/^HTTP\//.test(line.split(' ')[2] ?? ''))
    return { throws: true, length: buffer.length }
  const parts = requestLine.exec(line)
  if (!parts) return refuse(400)
  const [, method = '', target = '', version = ''] = parts
  if (target.length > longestTarget) return refuse(414)
  const fields: Array<[string, string]> = []
  for (const text of lines) {
    const field = defects.trimsFieldLines ? trimmedField(text) : fieldLine.exec(text)?.slice(1, 3)
    if (!field) return refuse(400)
    fields.push([(field[0] ?? '').toLowerCase(), field[1] ?? ''])
  }
  const values = (name: string) => fields.filter(([field]) => field === name).map(([, value]) => value)
  const hosts = values('host')
  if (version === 'HTTP/1.1' && hosts.length !== 1) return refuse(400)
  const connection = values('connection').join(',').toLowerCase()
  const close = /\bclose\b/.test(connection) || (version === 'HTTP/1.0' && !/\bkeep-alive\b/.test(connection))
  const codings = values('transfer-encoding')
    .join(',')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean)
  const lengths = values('content-length')
    .join(',')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  const request = (body: Buffer, length: number, closing = close): Parsed => ({
    request: { method, target, version, fields, body },
    length,
    close: closing,
  })
  if (defects.refusesBeforeBody && values('authorization').length === 0 && lengths.length > 0)
    return request(Buffer.alloc(0), bodyStart)
  if (codings.length > 0 && !(defects.http10CodingByLength && version === 'HTTP/1.0')) {
    const chunked = defects.chunkedAnywhere
      ? codings.includes('chunked')
      : defects.chunkedByExactName
        ? values('transfer-encoding').join(',') === 'chunked'
        : codings.at(-1) === 'chunked'
    if (defects.chunkedByExactName && !chunked) return request(Buffer.alloc(0), bodyStart)
    if (version === 'HTTP/1.0' || !chunked) return refuse(400)
    if (codings.some((coding) => coding.startsWith('chunked;'))) return refuse(400)
    if (!defects.chunkedAnywhere && codings.some((coding) => coding !== 'chunked')) return refuse(501)
    const decoded = dechunk(buffer, bodyStart, defects)
    if ('wait' in decoded) return ended ? refuse(400) : decoded
    if ('throws' in decoded || 'refuse' in decoded) return decoded
    if (defects.mergesTrailers) fields.push(...decoded.trailers)
    // A request framed both ways is read by its chunks, then the connection is closed (RFC 9112 section 6.1).
    return request(decoded.body, decoded.end, close || lengths.length > 0)
  }
  if (lengths.length === 0) return request(Buffer.alloc(0), bodyStart)
  const [first = ''] = lengths
  if (!defects.firstLengthWins && (new Set(lengths).size > 1 || !/^\d{1,15}$/.test(first))) return refuse(400)
  const length = Number(first)
  if (!Number.isSafeInteger(length)) return refuse(400)
  if (length > largestBody) return refuse(413)
  if (buffer.length < bodyStart + length) {
    if (!ended) return { wait: true }
    if (!defects.actsOnCutBody) return { refuse: 400, length: buffer.length }
    return request(buffer.subarray(bodyStart), buffer.length, true)
  }
  const framedTwice = codings.length > 0 && !defects.http10CodingByLength
  return request(buffer.subarray(bodyStart, bodyStart + length), bodyStart + length, close || framedTwice)
}

/** A field line as a parser that splits on the first colon and trims reads it: anything with a colon is a field. */
function trimmedField(line: string): [string, string] | undefined {
  const colon = line.indexOf(':')
  if (colon <= 0) return undefined
  return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()]
}

type Dechunked =
  | { body: Buffer; end: number; trailers: Array<[string, string]> }
  | { wait: true }
  | { throws: true; length: number }
  | { refuse: number; length: number }

/** Decodes a chunked body from `start` (RFC 9112 section 7.1): extensions ignored, trailer fields kept apart. */
function dechunk(buffer: Buffer, start: number, defects: StrictWireDefects): Dechunked {
  const parts: Array<Buffer> = []
  let total = 0
  let at = start
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at)
    if (lineEnd < 0) return { wait: true }
    const line = buffer.subarray(at, lineEnd).toString('latin1')
    if (defects.chunkExtensionThrows && line.includes(';')) return { throws: true, length: buffer.length }
    const digits = /^([0-9A-Fa-f]+)[ \t]*(?:;.*)?$/.exec(line)?.[1]
    if (digits === undefined) return { refuse: 400, length: buffer.length }
    const exact = BigInt(`0x${digits}`)
    const size = defects.chunkSizeIn32Bits ? exact & 0xffffffffn : exact
    if (size > BigInt(largestBody - total)) return { refuse: 413, length: buffer.length }
    const bytes = Number(size)
    if (bytes === 0) {
      if (defects.trailerUnread) return { body: Buffer.concat(parts), end: lineEnd + 2, trailers: [] }
      const trailerEnd = buffer.indexOf('\r\n\r\n', lineEnd)
      const bare = buffer.subarray(lineEnd, lineEnd + 4).toString('latin1') === '\r\n\r\n'
      const endAt = bare ? lineEnd : trailerEnd
      if (endAt < 0) return { wait: true }
      const trailers = bare
        ? []
        : buffer
            .subarray(lineEnd + 2, endAt)
            .toString('latin1')
            .split('\r\n')
            .flatMap((text): Array<[string, string]> => {
              const field = fieldLine.exec(text)
              return field ? [[(field[1] ?? '').toLowerCase(), field[2] ?? '']] : []
            })
      return { body: Buffer.concat(parts), end: endAt + 4, trailers }
    }
    if (buffer.length < lineEnd + 2 + bytes + 2) return { wait: true }
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + bytes))
    total += bytes
    at = lineEnd + 2 + bytes + 2
  }
}

/** Where a request goes: this server's own authority, the good mock's base URL, another tenant's. */
interface Origins {
  own: string
  mock: string
  other?: string
}

/** The good mock's answer to a request, as the bytes this server writes (saying close when it will close). */
async function answerOf(
  request: Request,
  origins: Origins,
  defects: StrictWireDefects,
): Promise<(close: boolean) => Buffer> {
  const { method, target, fields } = request
  const fail = (status: number) => (close: boolean) =>
    answerBytes(status, textFields, Buffer.from(STATUS_CODES[status] ?? ''), close, 'GET', defects)
  if (defects.targetColumn2048 && target.length > 2_048) return fail(500)
  const upper = method.toUpperCase()
  const bypass = defects.methodCaseBypassesKey && upper !== method
  if (upper !== method && !bypass) return fail(501)
  const absolute = /^https?:\/\//i.test(target) ? new URL(target) : undefined
  if (!absolute && !target.startsWith('/')) return fail(400)
  const host = fields.find(([name]) => name === 'host')?.[1]
  const tenant = defects.tenantByHost ? host : (absolute?.host ?? host)
  const base = new URL(tenant === origins.own || tenant === undefined || !origins.other ? origins.mock : origins.other)
  const url = absolute ?? new URL(target, 'http://placeholder')
  const headers = fields.filter(([name]) => !hopByHop.has(name) && !(bypass && name === 'authorization'))
  if (bypass) headers.push(['authorization', `Bearer ${developmentApiKey}`])
  if (defects.chunked204 && method === 'OPTIONS')
    return (close) =>
      answerBytes(204, new Headers({ allow: 'GET, POST' }), Buffer.alloc(0), close, method, defects, [
        'transfer-encoding: chunked',
      ])
  try {
    const answer = await fetch(`${base.origin}${url.pathname}${url.search}`, {
      method: upper,
      headers,
      body: request.body.length > 0 ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
    })
    const body = Buffer.from(await answer.arrayBuffer())
    return (close) => answerBytes(answer.status, answer.headers, body, close, method, defects)
  } catch {
    return fail(500)
  }
}

/** An answer as this server writes it: a head of status-line and field lines, then the content framed. */
function answerBytes(
  status: number,
  headers: Headers,
  body: Buffer,
  close: boolean,
  method: string,
  defects: StrictWireDefects,
  /** Field lines of its own writer's, a framing among them. */
  own: ReadonlyArray<string> = [],
): Buffer {
  const reason = STATUS_CODES[status] ?? ''
  const lines = [defects.statusWithoutSpace ? `HTTP/1.1 ${status}` : `HTTP/1.1 ${status} ${reason}`]
  for (const [name, value] of headers) if (!hopByHop.has(name)) lines.push(`${name}: ${value}`)
  lines.push(...own)
  if (defects.bareCrValue) lines.push('x-powered-by: petstore\r')
  let content = method === 'HEAD' ? Buffer.alloc(0) : body
  const coded = defects.gzipCodedErrors && status === 401
  const chunkedTwice = defects.listChunkedTwice && status === 200 && body.toString('latin1').startsWith('[')
  if (coded) {
    content = gzipSync(content)
    lines.push('transfer-encoding: gzip')
  } else if (chunkedTwice) {
    lines.push('transfer-encoding: chunked')
    content = chunks(chunks(content))
  } else if (own.length === 0) lines.push(`content-length: ${content.length}`)
  lines.push(`connection: ${close && !defects.closesUnsaid ? 'close' : 'keep-alive'}`)
  const fieldLines = lines
    .slice(1)
    .map((line) => (defects.foldsLongValues && line.length > 30 ? `${line.slice(0, 30)}\r\n ${line.slice(30)}` : line))
    .map((line, index) => (defects.firstFieldIndented && index === 0 ? `  ${line}` : line))
  const end = defects.lfLineEnds ? '\n' : '\r\n'
  return Buffer.concat([Buffer.from(`${[lines[0], ...fieldLines].join(end)}${end}${end}`, 'latin1'), content])
}

/** Content as one chunk and the last chunk. */
function chunks(content: Buffer): Buffer {
  const one =
    content.length > 0 ? [Buffer.from(`${content.length.toString(16)}\r\n`), content, Buffer.from('\r\n')] : []
  return Buffer.concat([...one, Buffer.from('0\r\n\r\n')])
}
