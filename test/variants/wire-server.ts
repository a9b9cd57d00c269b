import { STATUS_CODES } from 'node:http'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import type { RunningServer } from './frameworks/running-server.ts'

/** One defect of a hand-written HTTP/1.1 server, each off by default (then it keeps RFC 9112). */
export interface WireServerDefects {
  /** Writes each answer as soon as it is ready, not in request order (a list takes 50 ms longer than a read). */
  answersWhenReady?: boolean
  /** Keeps every connection open, whatever the request's Connection says. */
  ignoresClose?: boolean
  /** Reads a body by its Content-Length even where Transfer-Encoding: chunked is given too. */
  lengthFirst?: boolean
  /** Reads the Host field's port unguarded: a request without Host throws, answered 500. */
  hostUnguarded?: boolean
  /** Authenticates a connection once: the key its first request carried stands for every later one on it. */
  authenticatesConnection?: boolean
  // RFC 9110 sections 2 to 9: fields, versions, lengths and trailers.
  /** Reads a field line its own way (default: the name lower-cased, the value without the white space around it). */
  readsField?: (line: string) => [string, string]
  /** Starts a request's fields again at its Host line (its virtual host's context): the lines before it are lost. */
  fieldsFromHost?: boolean
  /** Takes the "close" connection option in lower case only. */
  closeInLowerCaseOnly?: boolean
  /** Writes its status lines in the request's HTTP-version. */
  echoesVersion?: boolean
  /** Merges the trailer fields of a chunked body into the request's fields. */
  mergesTrailers?: boolean
  /** Reads Content-Length into an unsigned 64-bit count that wraps past 2^64. */
  lengthWraps?: boolean
  /** Takes what one read of the socket holds as the whole request, header section ended or not. */
  readIsRequest?: boolean
  /** Answers chunked, the answer's Cache-Control sent after the content as a trailer field it does not announce. */
  trailerCacheControl?: boolean
  /** Checks the Authorization value itself before the mock sees the request: false answers 401. */
  keyChecked?: (authorization: string | undefined) => boolean
}

/** What a connection remembers between its requests (nothing, but where a defect says). */
interface Connection {
  authorization?: string
}

interface Parsed {
  method: string
  target: string
  version: string
  headers: Map<string, string>
  body: Buffer
  /** Bytes the request took. */
  length: number
}

const hopByHop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'])

/**
 * A Pet Store served by a hand-written HTTP/1.1 server over node:net (the seam where connection-level defects sit:
 * its own parser and writer), the good mock behind it. With no defect it keeps RFC 9112: answers in order, closes on
 * `Connection: close` and after a request framed both ways, refuses a broken Content-Length and a missing Host with
 * 400, reads chunked first, acts on no body cut short.
 * @example const server = await startWireServer({ ignoresClose: true }); await server.close()
 */
export async function startWireServer(defects: WireServerDefects = {}): Promise<RunningServer> {
  const mock = await startPetStoreServer()
  const goodOrigin = new URL(mock.baseUrl).origin
  const sockets = new Set<Socket>()
  // Half-open: a client that ends its side after a request still gets the answers already under way, then the close.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let buffer = Buffer.alloc(0)
    let previous: Promise<unknown> = Promise.resolve()
    socket.once('end', () => {
      previous = previous.then(() => socket.end())
    })
    let closing = false
    const connection: Connection = {}
    const write = (bytes: Buffer, close: boolean) => {
      if (socket.destroyed) return
      socket.write(bytes)
      if (close) socket.end()
    }
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      // The defect: what has come so far is taken as a whole header section.
      if (defects.readIsRequest && buffer.indexOf('\r\n\r\n') < 0) buffer = Buffer.concat([buffer, Buffer.from('\r\n')])
      for (;;) {
        if (closing) return
        const request = parseRequest(buffer, defects)
        if (request === undefined) return
        if (request === 'invalid') {
          closing = true
          previous = previous.then(() => write(answerBytes(400, new Headers(), Buffer.alloc(0), true, 'GET'), true))
          return
        }
        buffer = buffer.subarray(request.length)
        const framedTwice = request.headers.has('transfer-encoding') && request.headers.has('content-length')
        const asksClose = defects.closeInLowerCaseOnly ? /(?:^|[ ,])close(?:$|[ ,])/ : /close/i
        const wantsClose = asksClose.test(request.headers.get('connection') ?? '') || request.version === 'HTTP/1.0'
        const close = !defects.ignoresClose && (wantsClose || (framedTwice && !defects.lengthFirst))
        if (close) closing = true
        // The first key a connection carries is the one its later requests are served with (where a defect says).
        connection.authorization ??= request.headers.get('authorization')
        const answer = answerOf(request, goodOrigin, defects, connection).then((bytes) => bytes(close))
        if (defects.answersWhenReady) answer.then((bytes) => write(bytes, close))
        else previous = Promise.all([previous, answer]).then(([, bytes]) => write(bytes, close))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl: `${origin}/v1`,
    messagesBaseUrl: origin,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
      await mock.close()
    },
  }
}

/** The next whole request in the buffer, undefined until it has come, or 'invalid' for framing it cannot read. */
function parseRequest(buffer: Buffer, defects: WireServerDefects): Parsed | 'invalid' | undefined {
  const end = buffer.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [line = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n')
  const [method = '', target = '', version = ''] = line.split(' ')
  const headers = new Map<string, string>()
  const lengths: Array<string> = []
  for (const field of lines) {
    const colon = field.indexOf(':')
    const [name, value] = defects.readsField?.(field) ?? [
      field.slice(0, colon).toLowerCase(),
      field.slice(colon + 1).trim(),
    ]
    if (defects.fieldsFromHost && name === 'host') {
      headers.clear()
      lengths.length = 0
    }
    if (name === 'content-length') lengths.push(value)
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
  }
  const start = end + 4
  const chunked = /chunked\s*$/i.test(headers.get('transfer-encoding') ?? '')
  if (chunked && !(defects.lengthFirst && lengths.length > 0)) {
    const decoded = dechunk(buffer, start)
    if (decoded && defects.mergesTrailers) for (const [name, value] of decoded.trailers) headers.set(name, value)
    return decoded && { method, target, version, headers, body: decoded.body, length: decoded.end }
  }
  if (lengths.length === 0) return { method, target, version, headers, body: Buffer.alloc(0), length: start }
  if (new Set(lengths).size > 1 || !/^\d+$/.test(lengths[0] as string)) return 'invalid'
  const given = BigInt(lengths[0] as string)
  const length = Number(defects.lengthWraps ? BigInt.asUintN(64, given) : given)
  // A length beyond what a body here can be is refused, as the mock's server refuses one over its limit.
  if (length > Number.MAX_SAFE_INTEGER) return 'invalid'
  if (buffer.length < start + length) return undefined
  return { method, target, version, headers, body: buffer.subarray(start, start + length), length: start + length }
}

function dechunk(
  buffer: Buffer,
  start: number,
): { body: Buffer; end: number; trailers: Array<[string, string]> } | undefined {
  const parts: Array<Buffer> = []
  let at = start
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at)
    if (lineEnd < 0) return undefined
    const size = Number.parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16)
    if (size === 0) {
      // The trailer section, each line a field, up to the empty line.
      const end = buffer.indexOf('\r\n\r\n', lineEnd)
      if (end < 0) return undefined
      const lines =
        end === lineEnd
          ? []
          : buffer
              .subarray(lineEnd + 2, end)
              .toString('latin1')
              .split('\r\n')
      const trailers = lines.map((line): [string, string] => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]
      })
      return { body: Buffer.concat(parts), end: end + 4, trailers }
    }
    if (buffer.length < lineEnd + 2 + size + 2) return undefined
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 4 + size
  }
}

/** The good mock's answer to a request, as the bytes this server writes (with `Connection: close` when closing). */
async function answerOf(
  request: Parsed,
  goodOrigin: string,
  defects: WireServerDefects,
  connection: Connection,
): Promise<(close: boolean) => Buffer> {
  try {
    const host = defects.hostUnguarded
      ? (request.headers.get('host') as string).split(':')[0]
      : request.headers.get('host')
    if (host === undefined && request.version === 'HTTP/1.1')
      return (close) => answerBytes(400, new Headers(), Buffer.alloc(0), close, request.method)
    const written = {
      version: defects.echoesVersion ? request.version : 'HTTP/1.1',
      trailer: defects.trailerCacheControl,
    }
    if (defects.keyChecked && !defects.keyChecked(request.headers.get('authorization'))) {
      const refusal = Buffer.from('{"code":"unauthorized","message":"A valid API key is required.","status":401}')
      const fields = new Headers({ 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="petstore"' })
      return (close) => answerBytes(401, fields, refusal, close, request.method, written)
    }
    const url = new URL(request.target, goodOrigin)
    if (defects.answersWhenReady && url.pathname === '/v1/pets') await new Promise((resolve) => setTimeout(resolve, 50))
    const remembered = defects.authenticatesConnection ? connection.authorization : undefined
    const headers = [...request.headers].filter(
      ([name]) => !hopByHop.has(name) && !(remembered && name === 'authorization'),
    )
    if (remembered) headers.push(['authorization', remembered])
    const answer = await fetch(`${goodOrigin}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body.length > 0 ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
    })
    const body = Buffer.from(await answer.arrayBuffer())
    return (close) => answerBytes(answer.status, answer.headers, body, close, request.method, written)
  } catch {
    return (close) =>
      answerBytes(500, new Headers({ 'content-type': 'text/plain' }), Buffer.from('error'), close, 'GET')
  }
}

function answerBytes(
  status: number,
  headers: Headers,
  body: Buffer,
  close: boolean,
  method: string,
  { version = 'HTTP/1.1', trailer = false }: { version?: string; trailer?: boolean } = {},
): Buffer {
  const lines = [`${version} ${status} ${STATUS_CODES[status] ?? ''}`]
  const cacheControl = trailer && method !== 'HEAD' ? (headers.get('cache-control') ?? 'no-store') : null
  for (const [name, value] of headers)
    if (!hopByHop.has(name) && !(cacheControl && name === 'cache-control')) lines.push(`${name}: ${value}`)
  const framing = cacheControl ? 'transfer-encoding: chunked' : `content-length: ${body.length}`
  lines.push(framing, `connection: ${close ? 'close' : 'keep-alive'}`)
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`)
  if (method === 'HEAD') return head
  if (!cacheControl) return Buffer.concat([head, body])
  const chunk = Buffer.from(`${body.length.toString(16)}\r\n`)
  const end = Buffer.from(`\r\n0\r\ncache-control: ${cacheControl}\r\n\r\n`)
  return Buffer.concat([head, ...(body.length > 0 ? [chunk, body, end] : [Buffer.from('0\r\n'), end.subarray(5)])])
}
