import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { operationList } from '../../spec/operations.ts'
import { specBasePaths } from '../core/base-paths.ts'
import { type AdminGuard, adminBasePath, answerAdmin } from '../core/controls/admin-api.ts'
import { sessionName } from '../core/controls/mock-sessions.ts'
import type { PetStoreCore } from '../core/create-pet-store-core.ts'
import { methodNotAllowed, withCors } from '../core/dispatch.ts'
import { methodNotImplemented } from '../core/method-not-implemented.ts'
import { type ErrorCode, errorResponse, internalErrorResponse, MockError } from '../core/mock-error.ts'
import type { MockResponse } from '../core/mock-response.ts'
import type { BodyRead } from '../core/operation-request.ts'
import { allowedMethods } from '../core/route-table.ts'
import { type AnswerDelivery, answerDelivery } from './answer-delivery.ts'
import { limitConnections, maxHeldFor } from './connection-limit.ts'
import { isLoopbackHost } from './is-loopback-host.ts'
import { listenForBaseUrls } from './listen-for-base-urls.ts'
import { NodeDispatchRequest, nodeHeader } from './node-dispatch-request.ts'
import { defaultMaxConnections, openFileLimit } from './open-file-limit.ts'
import { readNodeBody } from './read-node-body.ts'
import { repeatedHost } from './repeated-host.ts'

export interface MockServerOptions {
  core: PetStoreCore
  /** Default 127.0.0.1. */
  host?: string
  /** Default 4010; 0 picks a free port. */
  port?: number
  /**
   * What `/__mock` requires off loopback: `Authorization: Bearer <adminToken>`. On a loopback host the
   * admin API is open to requests sent straight from this machine; elsewhere without a token it answers 403.
   */
  adminToken?: string
  /**
   * Host names the admin API answers on loopback besides loopback ones (`--allowed-host`), as
   * `allowedHostName` returns them: a name this machine has for itself, e.g. in /etc/hosts.
   */
  allowedHosts?: ReadonlyArray<string>
  /**
   * Requests at most in flight (received, not yet answered) on one connection: a client pipelining more
   * has its connection closed, since no answer may overtake those before it. Default 100.
   */
  maxInFlightPerConnection?: number
  /**
   * Requests at most being answered over all connections; past it a request is answered 503 at once.
   * A request counts from the moment its body has arrived: one whose client is still sending holds no
   * place. Default 10,000.
   */
  maxInFlight?: number
  /**
   * Connections at most; at the limit a new one closes the connection heard from least recently among those
   * waiting on their client. Default: below the process's open-file limit (`defaultMaxConnections`). The
   * core's held requests (delays, `fault=timeout`) are kept to half of it (`maxHeldFor`), so that connections
   * waiting on their clients, which may be closed, always remain for new clients and the admin page.
   */
  maxConnections?: number
}

export interface MockServer {
  server: Server
  /** Starts listening; resolves with both base URLs. */
  listen(): Promise<{ baseUrl: string; messagesBaseUrl: string }>
  /** Stops accepting, closes idle and open connections. */
  close(): Promise<void>
}

/** The methods some path of the server answers: the `Allow` of a 405 to CONNECT, which names no path. */
const anyPathAllow = allowedMethods(operationList)

/** How long a request may take to arrive (`fault=timeout` holds a request as long: `faultTimeoutMs`). */
const requestTimeoutMs = 30_000

/**
 * The standalone mock: a node:http server over the core's one router; it owns every path.
 * Pets API under `/v1`, messages API at the root.
 * @example const mock = createMockServer({ core, port: 0 }); const { baseUrl } = await mock.listen()
 */
export function createMockServer({
  core,
  host = '127.0.0.1',
  port = 4010,
  adminToken,
  allowedHosts,
  maxInFlightPerConnection = 100,
  maxInFlight = 10_000,
  maxConnections = defaultMaxConnections(openFileLimit()),
}: MockServerOptions): MockServer {
  const adminGuard: AdminGuard = { open: isLoopbackHost(host), token: adminToken, allowedHosts }
  // A connection waiting on a held answer cannot be closed to make room: never more of them than half the limit.
  core.held.limitTo(maxHeldFor(maxConnections))
  const delivery = answerDelivery(core.journal)
  let inFlight = 0
  // Node's own answers (a bare 417, a 400 for a missing Host) would skip the Error body: the
  // options and listeners below route every such case through the mock instead.
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      requireHostHeader: false,
      connectionsCheckingInterval: 1_000,
    },
    handle,
  )
  server.on('checkExpectation', handle)
  const connections = limitConnections(
    server,
    maxConnections,
    (socket) => ((socket as AnsweringSocket)[working] ?? 0) > 0,
    (socket) => delivery.closing(socket, 'the server closed the connection at its connection limit for a new client'),
  )
  // Sockets node hands over (CONNECT, upgrades, parse errors) are no longer its to close on close().
  const handedOver = new Set<Socket>()
  const takeOver = (socket: Socket): void => {
    handedOver.add(socket)
    socket.once('close', () => handedOver.delete(socket))
  }
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    takeOver(socket)
    writeRaw(socket, withCors(methodNotAllowed(request.method ?? 'CONNECT', anyPathAllow), request.headers.origin))
  })
  server.on('clientError', (error: ParserError, socket: Socket) => {
    takeOver(socket)
    answerClientError(error, socket)
  })
  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    takeOver(socket)
    answerUpgrade(request, socket)
  })

  /**
   * The mock speaks no other protocol. Once a request asks for an upgrade node stops parsing its body,
   * so a bodiless request is answered as usual and one with a body is refused, both on a closing socket.
   */
  function answerUpgrade(request: IncomingMessage, socket: Socket): void {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0
    if (hasBody) {
      writeRaw(
        socket,
        withCors(
          errorResponse(
            new MockError(400, 'bad_request', 'A request that asks for a protocol upgrade cannot carry a body here.'),
          ),
          request.headers.origin,
        ),
      )
      return
    }
    const answer = answerRequest(request, () => Promise.resolve({ kind: 'bytes', bytes: new Uint8Array(0) }))
    const write = (value: MockResponse): void => {
      if (!socket.writable) delivery.unsent(request)
      writeRaw(socket, request.method === 'HEAD' ? { ...value, body: undefined } : value)
    }
    if (answer instanceof Promise)
      answer.then(write, () => write(withCors(internalErrorResponse(), request.headers.origin)))
    else write(answer)
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket as AnsweringSocket
    // The rest of a chunk node read before the connection was closed for pipelining too much: dropped unread.
    if (socket.destroyed) return
    const pending = (socket[inFlightHere] ?? 0) + 1
    if (pending > maxInFlightPerConnection) {
      tooManyInFlight(request, socket)
      return
    }
    socket[inFlightHere] = pending
    socket[answering] = response
    connections.touch(socket)
    const { headers } = request
    // A body still to come holds no place among the requests in flight: the client may never send it.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
      readNodeBody(request, () => connections.touch(socket)).then((read) =>
        work(request, response, socket, () => Promise.resolve(read)),
      )
      return
    }
    work(request, response, socket, undefined)
  }

  /**
   * Closes a connection that pipelines more requests than it may have in flight: their answers are dropped
   * (the journal says so), and the request past the limit is journaled as dropped, with the reason.
   */
  function tooManyInFlight(request: IncomingMessage, socket: AnsweringSocket): void {
    const reason = `the connection had more than ${maxInFlightPerConnection} requests in flight and was closed`
    delivery.closing(socket, reason)
    socket.destroy()
    const url = request.url ?? '/'
    const queryStart = url.indexOf('?')
    let session: string | null = null
    try {
      session = sessionName(nodeHeader(request.headers, 'x-mock-session'))
    } catch {
      // A bad session name: journaled under the default store.
    }
    const ticket = core.journal.record({
      method: request.method ?? 'GET',
      // Copies, at most 2 KB each: a slice would keep node's whole URL alive as long as the entry.
      path: Buffer.from(queryStart === -1 ? url : url.slice(0, queryStart)).toString('utf8', 0, 2_048),
      search: queryStart === -1 ? '' : Buffer.from(url.slice(queryStart + 1)).toString('utf8', 0, 2_048),
      status: null,
      durationMs: 0,
      at: performance.now(),
      session,
      route: null,
    })
    core.journal.drop(ticket, reason)
  }

  /** Works out the answer to a request that has arrived whole, in one of the places in flight. */
  function work(
    request: IncomingMessage,
    response: ServerResponse,
    socket: AnsweringSocket,
    body: (() => Promise<BodyRead>) | undefined,
  ): void {
    if (socket.destroyed) {
      socket[inFlightHere] = (socket[inFlightHere] ?? 1) - 1
      return
    }
    inFlight++
    socket[working] = (socket[working] ?? 0) + 1
    // The admin page is never turned away for being busy: it is how one finds out why.
    const answer = inFlight > maxInFlight && !isAdminPath(request.url) ? busy(request) : answerRequest(request, body)
    if (answer instanceof Promise)
      answer.then(
        (value) => {
          settle(socket)
          send(response, request, value, delivery)
        },
        () => {
          settle(socket)
          send(response, request, withCors(internalErrorResponse(), request.headers.origin), delivery)
        },
      )
    else {
      settle(socket)
      send(response, request, answer, delivery)
    }
  }

  function settle(socket: AnsweringSocket): void {
    inFlight--
    socket[inFlightHere] = (socket[inFlightHere] ?? 1) - 1
    socket[working] = (socket[working] ?? 1) - 1
    connections.touch(socket)
  }

  function busy(request: IncomingMessage): MockResponse {
    const error = new MockError(
      503,
      'service_unavailable',
      `The mock has ${maxInFlight} requests in flight already; this one was not run. Retry in a moment.`,
      { 'retry-after': '1' },
    )
    return withCors(errorResponse(error), request.headers.origin)
  }

  function answerRequest(
    request: IncomingMessage,
    body?: () => Promise<BodyRead>,
  ): MockResponse | Promise<MockResponse> {
    const method = request.method ?? 'GET'
    if (repeatedHost(request.rawHeaders)) return withCors(repeatedHostError, request.headers.origin)
    if (request.httpVersion === '1.1' && request.headers.host === undefined)
      return withCors(missingHostError, request.headers.origin)
    if (unknownCoding(request.headers['transfer-encoding'])) return withCors(unknownCodingError, request.headers.origin)
    let url = request.url ?? '/'
    // The absolute form (RFC 9112 section 3.2.2) must be accepted too; its authority stands for the Host.
    let authority: string | undefined
    if (!url.startsWith('/')) ({ url, authority } = absoluteForm(url))
    const queryStart = url.indexOf('?')
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart)
    const search = queryStart === -1 ? '' : url.slice(queryStart + 1)
    if (pathname === adminBasePath || pathname.startsWith(`${adminBasePath}/`)) {
      const header = (name: string) =>
        name === 'host' && authority !== undefined ? authority : nodeHeader(request.headers, name)
      const headerNames = () => Object.keys(request.headers)
      const readBody = body ?? (() => readNodeBody(request))
      return answerAdmin(core, adminGuard, { method, path: pathname, search, header, headerNames, readBody })
    }
    const petsEnd = specBasePaths.pets.length
    const underPets =
      pathname.startsWith(specBasePaths.pets) && (pathname.length === petsEnd || pathname[petsEnd] === '/')
    // Every path is the server's own: one the router does not know is a 404.
    const answer = core.dispatch(
      underPets
        ? new NodeDispatchRequest(request, 'pets', pathname.slice(petsEnd), pathname, search, body, delivery)
        : new NodeDispatchRequest(request, 'messages', pathname, pathname, search, body, delivery),
    )
    return answer ?? withCors(internalErrorResponse(), request.headers.origin)
  }

  return {
    server,
    listen: () => listenForBaseUrls(server, port, host),
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve()
        delivery.stopping()
        server.close(() => resolve())
        server.closeAllConnections()
        for (const socket of handedOver) socket.destroy()
      }),
  }
}

/** Writes an answer, or acts out its fault; one whose connection closed first is journaled as dropped. */
function send(
  response: ServerResponse,
  request: IncomingMessage,
  answer: MockResponse,
  delivery: AnswerDelivery,
): void {
  if (response.headersSent || response.destroyed || request.socket.destroyed) {
    delivery.unsent(request)
    return
  }
  if (answer.fault) {
    // The answers still on their way on this connection go with it.
    delivery.closing(request.socket, `a fault=${answer.fault} asked for on the connection closed it`)
    actOutFault(request.socket, answer.fault)
    return
  }
  const headers = wireHeaders(answer)
  // node reads the list and keeps no hold on it: one list may serve many answers.
  response.writeHead(
    answer.status,
    answer.status === 413 ? [...headers, 'connection', 'close'] : (headers as Array<string>),
  )
  response.end(request.method === 'HEAD' ? undefined : answer.body)
  delivery.sent(response)
  // The rest of an oversized body is read and dropped, not kept, for a bounded time, then the connection
  // closes: closing at once with bytes unread makes the kernel reset it, and the client never sees the 413.
  if (answer.status === 413) {
    response.once('finish', () => {
      request.resume()
      setTimeout(() => {
        delivery.closing(request.socket, 'the connection was closed after a 413 answer')
        request.socket.destroy()
      }, 2_000).unref()
    })
  }
}

const headerLists = new WeakMap<
  Readonly<Record<string, string>>,
  { body: MockResponse['body']; list: ReadonlyArray<string> }
>()

/**
 * An answer's headers with its `Content-Length`, as a flat [name, value, …] list, node's cheapest way to write
 * them. For a header set shared by many answers (frozen: those of the pets and lists, with the CORS headers) the
 * list of the last body sent with it is kept: a list or a pet read again is the same string, and gets the same
 * list without a copy or a count of its bytes.
 */
function wireHeaders({ status, headers, body }: MockResponse): ReadonlyArray<string> {
  const list: Array<string> = []
  if (!lengthAllowed(status)) {
    for (const name in headers) list.push(name, headers[name] as string)
    return list
  }
  const cached = headerLists.get(headers)
  if (cached !== undefined && cached.body === body) return cached.list
  for (const name in headers) list.push(name, headers[name] as string)
  list.push('content-length', String(body === undefined ? 0 : Buffer.byteLength(body)))
  if (!Object.isFrozen(headers)) return list
  if (cached) {
    cached.body = body
    cached.list = list
  } else headerLists.set(headers, { body, list })
  return list
}

/**
 * The answer being written on each connection, so a parse error that follows its request waits its turn: a
 * property of the socket (a WeakMap costs more on every request).
 */
const answering = Symbol('answering')
/** How many requests of the connection are in flight: received, not yet answered. */
const inFlightHere = Symbol('inFlightHere')
/** How many of them have arrived whole and are being answered (the others wait on their client). */
const working = Symbol('working')
type AnsweringSocket = Socket & {
  [answering]?: ServerResponse
  [inFlightHere]?: number
  [working]?: number
}

const missingHostError = errorResponse(
  new MockError(400, 'bad_request', 'An HTTP/1.1 request must carry a Host header (RFC 9112 section 3.2).'),
)

const repeatedHostError = errorResponse(
  new MockError(400, 'bad_request', 'The request has more than one Host header; RFC 9112 section 3.2 allows one.'),
)

const unknownCodingError = errorResponse(
  new MockError(501, 'not_implemented', 'The mock knows no transfer coding but chunked (RFC 9112 section 6.1).'),
)

/**
 * Whether a request's Transfer-Encoding names a coding besides chunked: node reads the chunks and passes the content
 * on still coded, so the mock answers 501, as RFC 9112 section 6.1 asks ("A server that receives a request message
 * with a transfer coding it does not understand SHOULD respond with 501 (Not Implemented).").
 * @example unknownCoding('gzip, chunked') // true
 */
function unknownCoding(value: string | undefined): boolean {
  if (value === undefined) return false
  return value.split(',').some((coding) => !['chunked', ''].includes(coding.trim().toLowerCase()))
}

/** A request-line longer than this, past node's header limit, is a target too long to parse: 414, not 431. */
const longestRequestLine = 8_192

const uriTooLong = {
  status: 414,
  code: 'uri_too_long' as const,
  message: 'The request-target is longer than the mock parses.',
  reason: 'URI Too Long',
}

const clientErrors: Record<string, { status: number; code: ErrorCode; message: string; reason: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request headers are too large.',
    reason: 'Request Header Fields Too Large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request was not received in time.',
    reason: 'Request Timeout',
  },
}
const badRequest = {
  status: 400,
  code: 'bad_request' as const,
  message: 'The request is not valid HTTP/1.1.',
  reason: 'Bad Request',
}

/**
 * A request node's parser refuses still gets an `Error` body: 431, 408, or 400; or 501, as from the core on every
 * transport, when the parser knows no such method but the request line is well-formed (`BREW /v1/pets HTTP/1.1`).
 */
function answerClientError(error: ParserError, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  // No header was read, so no `Origin` either: the answer has no CORS headers.
  const answer = unknownMethodLine(error) ? methodNotImplemented() : parserRefusal(error)
  const pending = (socket as AnsweringSocket)[answering]
  // After a complete pipelined request, its answer goes first; a broken body of the request being
  // answered cannot be waited for.
  if (pending?.req.complete && !pending.writableFinished) pending.once('finish', () => writeRaw(socket, answer))
  else writeRaw(socket, answer)
}

/** A parse error of node:http: its code, and the bytes it was reading when it failed. */
type ParserError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number }

function parserRefusal(error: ParserError): MockResponse {
  // RFC 9112 section 3: "A server that receives a request-target longer than any URI it wishes to parse MUST respond
  // with a 414 (URI Too Long) status code".
  const packet = error.rawPacket
  const lineEnd = packet?.indexOf('\r\n') ?? -1
  const longLine =
    error.code === 'HPE_HEADER_OVERFLOW' && packet && (lineEnd < 0 ? packet.length : lineEnd) > longestRequestLine
  const { status, code, message } = longLine ? uriTooLong : (clientErrors[error.code ?? ''] ?? badRequest)
  return errorResponse(new MockError(status, code, message))
}

/**
 * Whether node refused a method it does not know in a well-formed request line (RFC 9112 section 3: method SP
 * request-target SP HTTP-version): the line the parser stopped in, from its start to its end. Anything else that
 * fails as a method (one word, TLS bytes, a NUL) is not a request line: a 400.
 */
function unknownMethodLine(error: ParserError): boolean {
  const { rawPacket, bytesParsed } = error
  if (error.code !== 'HPE_INVALID_METHOD' || rawPacket === undefined) return false
  const at = Math.min(bytesParsed ?? 0, rawPacket.length)
  // The line's start: after the end of the request before it on the connection, if any.
  const start = at === 0 ? 0 : rawPacket.lastIndexOf(0x0a, at - 1) + 1
  const end = rawPacket.indexOf('\r\n', start)
  if (end === -1 || end - start > 16_384) return false
  return requestLine.test(rawPacket.toString('latin1', start, end))
}

/** A request line: a method token (RFC 9110 section 5.6.2), a space, a target of visible ASCII, a space, a version. */
const requestLine = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ [\x21-\x7e]+ HTTP\/\d\.\d$/

/**
 * A connection fault instead of an answer: `reset` drops the connection at once (a TCP reset where the
 * platform allows); `timeout`, which the core has held already, closes it without an answer.
 */
function actOutFault(socket: Socket, fault: 'reset' | 'timeout'): void {
  if (fault === 'reset') socket.resetAndDestroy()
  else socket.destroy()
}

/**
 * Whether an answer of this status may carry Content-Length: never a 1xx or 204 (RFC 9110 section 8.6: "A server MUST
 * NOT send a Content-Length header field in any response with a status code of 1xx (Informational) or 204 (No
 * Content)"), nor a 304, whose length would be the 200's, not its own empty one.
 */
const lengthAllowed = (status: number) => status >= 200 && status !== 204 && status !== 304

/** Writes an answer straight to the socket and closes it: for requests node:http does not hand over. */
function writeRaw(socket: Socket, answer: MockResponse): void {
  if (answer.fault) {
    actOutFault(socket, answer.fault)
    return
  }
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const body = typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body ?? '').toString('utf8')
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`, 'connection: close']
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`)
  if (lengthAllowed(answer.status)) head.push(`content-length: ${Buffer.byteLength(body)}`)
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
  // A client that never closes its side must not keep the socket open.
  socket.setTimeout(2_000, () => socket.destroy())
}

/** Whether a request target is under `/__mock` (an absolute-form one is never taken for it here: it is rare). */
function isAdminPath(url: string | undefined): boolean {
  return (
    url !== undefined &&
    (url === adminBasePath || url.startsWith(`${adminBasePath}/`) || url.startsWith(`${adminBasePath}?`))
  )
}

/** The path and query of an absolute-form target, and its authority (the Host it stands for). */
function absoluteForm(target: string): { url: string; authority: string | undefined } {
  try {
    const parsed = new URL(target)
    return { url: `${parsed.pathname}${parsed.search}`, authority: parsed.host }
  } catch {
    return { url: `/${target}`, authority: undefined }
  }
}
