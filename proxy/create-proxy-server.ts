import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { specBasePaths } from '../mocks/core/base-paths.ts'
import { type AdminGuard, adminBasePath, answerAdmin } from '../mocks/core/controls/admin-api.ts'
import type { AdminPageFiles } from '../mocks/core/controls/admin-page.ts'
import type { PetStoreCore } from '../mocks/core/create-pet-store-core.ts'
import { withCors } from '../mocks/core/dispatch.ts'
import { errorResponse, internalErrorResponse, MockError } from '../mocks/core/mock-error.ts'
import type { MockResponse } from '../mocks/core/mock-response.ts'
import { maxBodyBytes } from '../mocks/core/operation-request.ts'
import { limitConnections } from '../mocks/node/connection-limit.ts'
import { isLoopbackHost } from '../mocks/node/is-loopback-host.ts'
import { listenForBaseUrls } from '../mocks/node/listen-for-base-urls.ts'
import { nodeHeader } from '../mocks/node/node-dispatch-request.ts'
import { defaultMaxConnections, openFileLimit } from '../mocks/node/open-file-limit.ts'
import { readNodeBody } from '../mocks/node/read-node-body.ts'
import { repeatedHost } from '../mocks/node/repeated-host.ts'
import { type ForwardedRequest, forwardRequest, writeOwnAnswer } from './forward-request.ts'
import { forwardedRequestHeaders } from './forwarded-headers.ts'
import { clientBounds } from './judge-answer.ts'
import { byteBudget, type ProxyCapacity, proxyCapacity } from './proxy-capacity.ts'
import { type ProxyOrigins, upstreamTarget } from './proxy-origin.ts'
import { resolvedPath } from './resolved-path.ts'
import { upstreamAgents } from './send-upstream.ts'

/** One request the proxy took, as it ended: forwarded and answered, forwarded without an answer, or its own. */
export interface ProxiedRequest extends ForwardedRequest {
  /** The path (its dot segments resolved) and query as the client sent them (an absolute-form target reduced). */
  pathname: string
  search: string
  /** Where it went: the configured deployment's URL, its base and the path below the base. */
  target: ReturnType<typeof upstreamTarget> & { url: string }
  /** The header lines as the client sent them: where the proxy learns the credentials to keep out of everything. */
  clientHeaders: ReadonlyArray<string>
  /** When it arrived and when its answer was written, as `performance.now()`. */
  arrivedAt: number
  answeredAt: number
  /** Why the proxy answered it itself without forwarding it (busy, a body too large): counted in the report. */
  refused?: string
  /** Gives back what the request holds of the proxy's budget of answers: call once its answer is judged. */
  release(): void
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
  /** `GET /__mock/report`: the traffic so far, in numbers. */
  traffic(): unknown
  /** The admin page of the proxy, in place of the mock's. */
  page: AdminPageFiles
  /** Requests at most forwarded at once (and below the open-file limit's share: `proxyCapacity`). Default 1,000. */
  maxInFlight?: number
  /** Sockets the proxy may hold at once. Default: below the process's open-file limit (`defaultMaxConnections`). */
  maxSockets?: number
  /** How long a deployment has to answer, headers and body. Default 30 s. */
  timeoutMs?: number
}

interface ProxyServer {
  server: Server
  capacity: ProxyCapacity
  listen(): Promise<{ baseUrl: string; messagesBaseUrl: string }>
  close(): Promise<void>
}

/** Requests at most received and not yet answered on one connection, as on the mock's server. */
const maxPendingPerConnection = 100

/** What the server keeps on a client connection: requests waiting their turn, and whether one is forwarded. */
const pending = Symbol('pending')
const forwarding = Symbol('forwarding')
const busy = Symbol('busy')
type ClientSocket = Socket & {
  [pending]?: Array<[IncomingMessage, ServerResponse]>
  [busy]?: boolean
  [forwarding]?: boolean
}

/**
 * The mock as a proxy in front of a deployment: a node:http server that forwards every request for the API to the
 * configured origins only (`upstreamTarget`: the request's path, its dot segments resolved, and query below the
 * configured base; no request names where it goes), as sent (method, path, query, headers less the hop-by-hop ones,
 * body bytes), and returns the deployment's answer as it came (`forwardRequest`), following no redirect. `/__mock`
 * stays the admin API, behind the same guard, without the mock's own controls (409). A body over the mock's 1 MiB is
 * refused with 413 unsent, a path that leaves its base with 400.
 *
 * Fair under load, as the mock's own server (decision record 030): a connection has one request forwarded at a time
 * (the rest wait their turn, in order); at most `capacity.inFlight` are forwarded at once, each with its own
 * connection to the deployment (none waits behind another, so a 504 means the deployment took too long), and past
 * that, or past the bytes of bodies it may hold, a request gets 503 with `Retry-After` at once. Two thirds of the
 * sockets the open-file limit leaves are client connections, at most half of them forwarding: one that is not can
 * always be closed for a new client or the admin page.
 * @example const proxy = createProxyServer({ core, origins, observe, report, traffic, page }); await proxy.listen()
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
  traffic,
  page,
  maxInFlight = 1_000,
  maxSockets = defaultMaxConnections(openFileLimit()),
  timeoutMs = clientBounds.timeoutMs,
}: ProxyServerOptions): ProxyServer {
  const guard: AdminGuard = { open: isLoopbackHost(host), token: adminToken, allowedHosts }
  const capacity = proxyCapacity(maxSockets, maxInFlight)
  const agents = upstreamAgents(capacity.inFlight)
  const bodies = byteBudget(capacity.bodyBytes)
  const answers = byteBudget(capacity.answerBytes)
  const noMockControls =
    `The proxy forwards every request to ${origins.pets.baseUrl} and serves no pets of its own: rules, sessions, ` +
    'reset and state act on the mock only. Start the mock without --proxy to use them.'
  const adminExtras = { report, traffic, page, noMockControls }
  let inFlight = 0
  const server = createServer(
    { requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, requireHostHeader: false },
    (request, response) => take(request, response),
  )
  const connections = limitConnections(
    server,
    capacity.connections,
    (socket) => (socket as ClientSocket)[forwarding] === true,
  )
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const refusal = new MockError(405, 'method_not_allowed', 'The proxy forwards no CONNECT tunnel.')
    socket.end(rawAnswer(withCors(errorResponse(refusal), request.headers.origin)))
  })

  /** A request arrives: it is served now, or waits for the one before it on its connection. */
  function take(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket as ClientSocket
    connections.touch(socket)
    if (!socket[busy]) {
      serveInTurn(socket, request, response)
      return
    }
    socket[pending] ??= []
    // As the mock's server: a client pipelining past the bound loses its connection.
    if (socket[pending].length >= maxPendingPerConnection) socket.destroy()
    else socket[pending].push([request, response])
  }

  function serveInTurn(socket: ClientSocket, request: IncomingMessage, response: ServerResponse): void {
    socket[busy] = true
    void serve(request, response)
      .catch(() => writeOwnAnswer(request, response, withCors(internalErrorResponse(), request.headers.origin)))
      .finally(() => {
        socket[busy] = false
        connections.touch(socket)
        const next = socket[pending]?.shift()
        if (next && !socket.destroyed) serveInTurn(socket, ...next)
      })
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const arrivedAt = performance.now()
    const method = request.method ?? 'GET'
    const form = requestTarget(request.url ?? '/')
    if (form === undefined || repeatedHost(request.rawHeaders)) {
      const why = form === undefined ? 'The request target is neither a path nor an absolute URL.' : 'Two Host fields.'
      return send(request, response, errorResponse(new MockError(400, 'bad_request', why)))
    }
    const { search, authority } = form
    if (form.pathname === adminBasePath || form.pathname.startsWith(`${adminBasePath}/`)) {
      const header = (name: string) =>
        name === 'host' && authority !== undefined ? authority : nodeHeader(request.headers, name)
      const admin = {
        method,
        path: form.pathname,
        search,
        header,
        headerNames: () => Object.keys(request.headers),
        readBody: () => readNodeBody(request),
      }
      const answer = await answerAdmin(core, guard, admin, adminExtras).catch(internalErrorResponse)
      return send(request, response, answer)
    }
    const resolved = resolvedPath(form.pathname, specBasePaths.pets)
    const pathname = resolved.path
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
      release: () => {
        answers.give(proxied.heldBytes ?? 0)
        proxied.heldBytes = 0
      },
    }
    if (resolved.leaves) {
      const why =
        `The path ${form.pathname.slice(0, 200)} leaves ${origins.pets.baseUrl} once its dot segments are removed ` +
        '(RFC 3986 section 5.2.4): the proxy sends nothing outside the base it forwards to.'
      return ownAnswer(request, response, proxied, new MockError(400, 'bad_request', why))
    }
    const hasBody =
      request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined
    // A body is read before the request takes a place among those forwarded: one still to come holds none.
    const reserved = hasBody ? Math.min(Number(request.headers['content-length']) || maxBodyBytes, maxBodyBytes) : 0
    if (!bodies.take(reserved)) {
      response.shouldKeepAlive = false
      const held = `${Math.round(bodies.max / 1024 / 1024)} MiB`
      return busyAnswer(request, response, proxied, `The proxy holds ${held} of request bodies already`)
    }
    try {
      const read = hasBody ? await readNodeBody(request, () => connections.touch(request.socket)) : undefined
      if (read?.kind === 'too-large') {
        const tooLarge = new MockError(413, 'payload_too_large', 'The body is over 1 MiB, the most the mock reads.')
        response.shouldKeepAlive = false
        proxied.refused = 'a body over 1 MiB'
        return ownAnswer(request, response, proxied, tooLarge)
      }
      // The client left mid-body: nothing it meant to send may reach the deployment cut short.
      if (hasBody && !request.complete) {
        proxied.clientGone = true
        proxied.answeredAt = performance.now()
        return observe(proxied)
      }
      if (inFlight >= capacity.inFlight)
        return busyAnswer(
          request,
          response,
          proxied,
          `The proxy forwards ${capacity.inFlight} requests at once already`,
        )
      proxied.body = read?.kind === 'bytes' ? read.bytes : undefined
      proxied.rawHeaders = forwardedRequestHeaders(request.rawHeaders, target.origin.host, proxied.body?.byteLength)
      const socket = request.socket as ClientSocket
      inFlight++
      socket[forwarding] = true
      try {
        await forwardRequest(request, response, proxied, { agents, timeoutMs, answers })
      } finally {
        inFlight--
        socket[forwarding] = false
      }
      proxied.answeredAt = performance.now()
      observe(proxied)
    } finally {
      bodies.give(reserved)
    }
  }

  function busyAnswer(request: IncomingMessage, response: ServerResponse, proxied: ProxiedRequest, why: string): void {
    proxied.refused = 'busy'
    const busyError = new MockError(503, 'service_unavailable', `${why}; this one was not sent. Retry in a moment.`, {
      'retry-after': '1',
    })
    ownAnswer(request, response, proxied, busyError)
  }

  function ownAnswer(
    request: IncomingMessage,
    response: ServerResponse,
    proxied: ProxiedRequest,
    refusal: MockError,
  ): void {
    proxied.own = withCors(errorResponse(refusal), request.headers.origin)
    writeOwnAnswer(request, response, proxied.own)
    proxied.refused ??= refusal.message
    proxied.answeredAt = performance.now()
    observe(proxied)
  }

  return {
    server,
    capacity,
    listen: () => listenForBaseUrls(server, port, host),
    close: () =>
      new Promise((resolve) => {
        for (const agent of Object.values(agents)) agent.destroy()
        if (!server.listening) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function send(request: IncomingMessage, response: ServerResponse, answer: MockResponse): void {
  writeOwnAnswer(request, response, withCors(answer, request.headers.origin))
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
