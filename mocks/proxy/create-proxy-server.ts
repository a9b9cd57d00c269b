import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { type AdminGuard, adminBasePath, answerAdmin } from '../core/controls/admin-api.ts'
import type { PetStoreCore } from '../core/create-pet-store-core.ts'
import { withCors } from '../core/dispatch.ts'
import { errorResponse, internalErrorResponse, MockError } from '../core/mock-error.ts'
import type { MockResponse } from '../core/mock-response.ts'
import type { BodyRead } from '../core/operation-request.ts'
import { limitConnections } from '../node/connection-limit.ts'
import { isLoopbackHost } from '../node/is-loopback-host.ts'
import { listenForBaseUrls } from '../node/listen-for-base-urls.ts'
import { nodeHeader } from '../node/node-dispatch-request.ts'
import { defaultMaxConnections, openFileLimit } from '../node/open-file-limit.ts'
import { readNodeBody } from '../node/read-node-body.ts'
import { repeatedHost } from '../node/repeated-host.ts'
import { forwardedRequestHeaders, returnedHeaders } from './forwarded-headers.ts'
import { clientBounds, type ForwardedAnswer } from './judge-answer.ts'
import { type ProxyOrigins, upstreamTarget } from './proxy-origin.ts'
import { readUpstreamBody, sendUpstream, UpstreamError } from './send-upstream.ts'

/** One request the proxy took, as it ended: forwarded and answered, forwarded without an answer, or its own. */
export interface ProxiedRequest {
  method: string
  /** The path and query as the client sent them (an absolute-form target reduced to these). */
  pathname: string
  search: string
  /** Where it went: the configured deployment's URL, its base and the path below the base. */
  target: ReturnType<typeof upstreamTarget> & { url: string }
  /** The header lines as the client sent them: where the proxy learns the credentials to keep out of everything. */
  clientHeaders: ReadonlyArray<string>
  /** The header lines forwarded (the client's, less the hop-by-hop ones, with the deployment's `Host`). */
  rawHeaders: ReadonlyArray<string>
  body: Uint8Array | undefined
  /** When it arrived and when its answer was written, as `performance.now()`. */
  arrivedAt: number
  answeredAt: number
  /** The deployment's answer, when one came. */
  answer?: ForwardedAnswer
  /** Why none came (or why it broke off), when the deployment failed. */
  failure?: UpstreamError
  /** The proxy's own answer, when it gave one instead of the deployment (413, 502, 504). */
  own?: MockResponse
  /** The client went away before its answer was written. */
  clientGone?: boolean
}

interface ProxyServerOptions {
  core: PetStoreCore
  origins: ProxyOrigins
  /** Default 127.0.0.1. */
  host?: string
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** What `/__mock` requires off loopback, as on the mock's own server. */
  adminToken?: string
  allowedHosts?: ReadonlyArray<string>
  /** Hears of each request once its answer is written: judging never holds an answer back. */
  observe(request: ProxiedRequest): void
  /** `POST /__mock/report`. */
  report(): Promise<unknown>
  /** Requests at most being forwarded at once; more are answered 503 at once. Default 1,000. */
  maxInFlight?: number
  /** How long a deployment has to answer, headers and body. Default 30 s. */
  timeoutMs?: number
}

interface ProxyServer {
  server: Server
  listen(): Promise<{ baseUrl: string; messagesBaseUrl: string }>
  close(): Promise<void>
}

/**
 * The mock as a proxy in front of a deployment: a node:http server that forwards every request for the API to the
 * configured origins only (`upstreamTarget`: the request's path and query below the configured base; no request
 * names where it goes), as sent (method, path, query, headers less the hop-by-hop ones, body bytes), and returns the
 * deployment's answer as it came (status, headers, bytes), following no redirect. `/__mock` stays the mock's admin
 * API, behind the same guard. A body over the mock's 1 MiB is refused with 413 unsent; a deployment that does not
 * answer gets the client a 502 (504 past the deadline) with an `Error` body.
 * @example const proxy = createProxyServer({ core, origins, observe, report }); await proxy.listen()
 */
export function createProxyServer({
  core,
  origins,
  host = '127.0.0.1',
  port = 4010,
  adminToken,
  allowedHosts,
  observe,
  report,
  maxInFlight = 1_000,
  timeoutMs = clientBounds.timeoutMs,
}: ProxyServerOptions): ProxyServer {
  const guard: AdminGuard = { open: isLoopbackHost(host), token: adminToken, allowedHosts }
  let inFlight = 0
  const server = createServer(
    { requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, requireHostHeader: false },
    (request, response) => void handle(request, response),
  )
  const connections = limitConnections(server, defaultMaxConnections(openFileLimit()), () => false)
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const refusal = new MockError(405, 'method_not_allowed', 'The proxy forwards no CONNECT tunnel.')
    socket.end(rawAnswer(withCors(errorResponse(refusal), request.headers.origin)))
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    connections.touch(request.socket)
    const arrivedAt = performance.now()
    const method = request.method ?? 'GET'
    const form = requestTarget(request.url ?? '/')
    if (form === undefined || repeatedHost(request.rawHeaders)) {
      const why = form === undefined ? 'The request target is neither a path nor an absolute URL.' : 'Two Host fields.'
      send(request, response, errorResponse(new MockError(400, 'bad_request', why)))
      return
    }
    const { pathname, search, authority } = form
    if (pathname === adminBasePath || pathname.startsWith(`${adminBasePath}/`)) {
      const header = (name: string) =>
        name === 'host' && authority !== undefined ? authority : nodeHeader(request.headers, name)
      const admin = { method, path: pathname, search, header, headerNames: () => Object.keys(request.headers) }
      const readBody = () => readNodeBody(request)
      const answer = await answerAdmin(core, guard, { ...admin, readBody }, { report }).catch(internalErrorResponse)
      send(request, response, answer)
      return
    }
    const target = upstreamTarget(origins, pathname, search)
    const { protocol, hostname, port: upstreamPort } = target.origin
    const hostPart = hostname.includes(':') ? `[${hostname}]` : hostname
    const url = `${protocol}//${hostPart}:${upstreamPort}${target.path}`
    const proxied: ProxiedRequest = {
      method,
      pathname,
      search,
      target: { ...target, url },
      clientHeaders: request.rawHeaders,
      rawHeaders: [],
      body: undefined,
      arrivedAt,
      answeredAt: arrivedAt,
    }
    if (inFlight >= maxInFlight) {
      const busy = new MockError(503, 'service_unavailable', `The proxy has ${maxInFlight} requests in flight.`, {
        'retry-after': '1',
      })
      return ownAnswer(request, response, proxied, errorResponse(busy))
    }
    inFlight++
    try {
      const hasBody =
        request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined
      const read: BodyRead = hasBody ? await readNodeBody(request) : { kind: 'bytes', bytes: new Uint8Array(0) }
      if (read.kind === 'too-large') {
        const tooLarge = new MockError(413, 'payload_too_large', 'The body is over 1 MiB, the most the mock reads.')
        response.shouldKeepAlive = false
        return ownAnswer(request, response, proxied, errorResponse(tooLarge))
      }
      // The client left mid-body: nothing it meant to send may reach the deployment cut short.
      if (hasBody && !request.complete) {
        proxied.clientGone = true
        proxied.answeredAt = performance.now()
        return observe(proxied)
      }
      proxied.body = hasBody ? read.bytes : undefined
      proxied.rawHeaders = forwardedRequestHeaders(request.rawHeaders, target.origin.host, proxied.body?.byteLength)
      await forward(request, response, proxied)
    } finally {
      inFlight--
    }
  }

  async function forward(request: IncomingMessage, response: ServerResponse, proxied: ProxiedRequest): Promise<void> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    const onClose = (): void => {
      if (response.writableFinished) return
      proxied.clientGone = true
      controller.abort()
    }
    response.once('close', onClose)
    const started = performance.now()
    try {
      const answer = await sendUpstream({
        origin: proxied.target.origin,
        method: proxied.method,
        path: proxied.target.path,
        rawHeaders: proxied.rawHeaders as Array<string>,
        body: proxied.body,
        signal: controller.signal,
      })
      const body = await readUpstreamBody(answer, clientBounds.maxBodyBytes)
      const status = answer.statusCode ?? 502
      const bytes = body.chunks.length === 1 ? (body.chunks[0] as Buffer) : Buffer.concat(body.chunks, body.bytes)
      proxied.answer = { status, rawHeaders: answer.rawHeaders, body: bytes, whole: body.whole, started }
      if (response.destroyed) proxied.clientGone = true
      else if (body.whole) {
        // A HEAD, 204 or 304 answer keeps the deployment's Content-Length: it describes a body not sent.
        const bodiless = proxied.method === 'HEAD' || status === 204 || status === 304
        const headers = returnedHeaders(answer.rawHeaders, bodiless)
        if (!bodiless) headers.push('content-length', String(bytes.byteLength))
        response.writeHead(status, answer.statusMessage, headers)
        response.end(bodiless ? undefined : bytes)
      } else {
        // Past the client's read cap: the start was judged, the rest passes through unkept.
        response.writeHead(status, answer.statusMessage, returnedHeaders(answer.rawHeaders, true))
        response.write(bytes)
        answer.once('error', () => response.destroy())
        response.once('close', () => answer.destroy())
        answer.once('close', () => clearTimeout(timer))
        answer.pipe(response)
        answer.resume()
      }
    } catch (error) {
      const failure =
        error instanceof UpstreamError ? error : new UpstreamError((error as Error).message, 'unreachable')
      if (proxied.clientGone || response.destroyed) proxied.clientGone = true
      else if (response.headersSent) response.destroy()
      else {
        const { origin } = proxied.target
        const [status, code] =
          failure.kind === 'timeout' ? [504, 'gateway_timeout' as const] : [502, 'bad_gateway' as const]
        const reason =
          failure.kind === 'timeout' ? `gave no whole answer within ${timeoutMs / 1000} s` : failure.message
        const own = errorResponse(
          new MockError(status, code, `The deployment at ${origin.baseUrl} ${reasonText(reason)}`),
        )
        proxied.own = withCors(own, request.headers.origin)
        writeAnswer(request, response, proxied.own)
      }
      proxied.failure =
        failure.kind === 'timeout' && !proxied.clientGone
          ? new UpstreamError(`no whole answer within ${timeoutMs / 1000} s`, 'timeout')
          : failure
    } finally {
      if (proxied.answer?.whole !== false) clearTimeout(timer)
      response.off('close', onClose)
    }
    proxied.answeredAt = performance.now()
    observe(proxied)
  }

  function ownAnswer(
    request: IncomingMessage,
    response: ServerResponse,
    proxied: ProxiedRequest,
    answer: MockResponse,
  ): void {
    proxied.own = withCors(answer, request.headers.origin)
    writeAnswer(request, response, proxied.own)
    proxied.answeredAt = performance.now()
    observe(proxied)
  }

  return {
    server,
    listen: () => listenForBaseUrls(server, port, host),
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function reasonText(reason: string): string {
  const text = reason.startsWith('gave') ? reason : `could not be reached: ${reason}`
  return text.endsWith('.') ? text : `${text}.`
}

function send(request: IncomingMessage, response: ServerResponse, answer: MockResponse): void {
  writeAnswer(request, response, withCors(answer, request.headers.origin))
}

function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: MockResponse): void {
  if (response.headersSent || response.destroyed) return
  const headers: Array<string> = []
  for (const [name, value] of Object.entries(answer.headers)) headers.push(name, value)
  headers.push('content-length', String(answer.body === undefined ? 0 : Buffer.byteLength(answer.body)))
  response.writeHead(answer.status, headers)
  response.end(request.method === 'HEAD' ? undefined : answer.body)
}

/** An answer written straight to a socket node handed over (CONNECT), closing it. */
function rawAnswer(answer: MockResponse): string {
  const body = typeof answer.body === 'string' ? answer.body : ''
  const head = [`HTTP/1.1 ${answer.status} Method Not Allowed`, 'connection: close']
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`)
  head.push(`content-length: ${Buffer.byteLength(body)}`)
  return `${head.join('\r\n')}\r\n\r\n${body}`
}

/**
 * The path and query of a request target: origin form as it came; absolute form (RFC 9112 section 3.2.2) reduced to
 * its path and query, its authority kept only for what the admin guard reads as the Host. Undefined for another form.
 */
function requestTarget(target: string): { pathname: string; search: string; authority?: string } | undefined {
  let url = target
  let authority: string | undefined
  if (!url.startsWith('/')) {
    try {
      const parsed = new URL(target)
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined
      url = `${parsed.pathname}${parsed.search}`
      authority = parsed.host
    } catch {
      return undefined
    }
  }
  const queryStart = url.indexOf('?')
  return {
    pathname: queryStart === -1 ? url : url.slice(0, queryStart),
    search: queryStart === -1 ? '' : url.slice(queryStart + 1),
    ...(authority !== undefined && { authority }),
  }
}
