import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { addRoute, createRouter, findRoute } from 'rou3'
import type { RouteSpec } from '../../spec/routes.ts'
import type { PetStoreCore } from '../core/create-pet-store-core.ts'
import { MockError, errorResponse } from '../core/mock-error.ts'
import type { MockResponse } from '../core/mock-response.ts'
import { pathTable } from '../core/route-table.ts'
import { readNodeBody } from './read-node-body.ts'

export interface MockServerOptions {
  core: PetStoreCore
  /** Default 127.0.0.1. */
  host?: string
  /** Default 4010; 0 picks a free port. */
  port?: number
}

export interface MockServer {
  server: Server
  /** Starts listening; resolves with both base URLs. */
  listen(): Promise<{ baseUrl: string; messagesBaseUrl: string }>
  /** Stops accepting, closes idle and open connections. */
  close(): Promise<void>
}

type RouteData = { route: RouteSpec } | { allow: ReadonlyArray<string> }

const basePaths = { pets: '/v1', messages: '' } as const

/**
 * The standalone mock: a node:http server over the core, routed by rou3 from the spec's paths.
 * Pets API under `/v1`, messages API at the root.
 * @example const mock = createMockServer({ core, port: 0 }); const { baseUrl } = await mock.listen()
 */
export function createMockServer({ core, host = '127.0.0.1', port = 4010 }: MockServerOptions): MockServer {
  const router = createRouter<RouteData>()
  for (const entry of pathTable) {
    const path = `${basePaths[entry.base]}${entry.pattern}`
    for (const route of entry.routes) {
      addRoute(router, route.method, path, { route })
      if (route.method === 'GET') addRoute(router, 'HEAD', path, { route })
    }
    addRoute(router, '', path, { allow: entry.allow })
  }

  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (request, response) => {
    const answer = answerRequest(request)
    if (answer instanceof Promise) answer.then((value) => send(response, request, value), () => send(response, request, internalError()))
    else send(response, request, answer)
  })
  server.on('clientError', answerClientError)

  function answerRequest(request: IncomingMessage): MockResponse | Promise<MockResponse> {
    const method = request.method ?? 'GET'
    const url = request.url ?? '/'
    const queryStart = url.indexOf('?')
    const path = queryStart === -1 ? url : url.slice(0, queryStart)
    const match = findRoute(router, method, path)
    if (!match) return core.routeNotFound(method, path)
    if ('allow' in match.data) {
      return method === 'OPTIONS' ? core.preflight(match.data.allow) : core.methodNotAllowed(method, match.data.allow)
    }
    const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1))
    return core.execute(match.data.route.operationId, {
      params: match.params ?? {},
      query,
      header: (name) => {
        const value = request.headers[name]
        return Array.isArray(value) ? value.join(', ') : value
      },
      readBody: () => readNodeBody(request),
    })
  }

  return {
    server,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.off('error', reject)
          const address = server.address() as AddressInfo
          const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
          resolve({ baseUrl: `${origin}${basePaths.pets}`, messagesBaseUrl: `${origin}${basePaths.messages}` })
        })
      }),
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function send(response: ServerResponse, request: IncomingMessage, answer: MockResponse): void {
  if (response.headersSent || response.destroyed) return
  const headers: Record<string, string | number> = { ...answer.headers, 'content-length': answer.body === undefined ? 0 : Buffer.byteLength(answer.body) }
  if (answer.status === 413) headers.connection = 'close'
  response.writeHead(answer.status, headers)
  response.end(request.method === 'HEAD' ? undefined : answer.body)
  // The rest of an oversized body is not read: the connection closes instead.
  if (answer.status === 413) response.once('finish', () => request.destroy())
}

function internalError(): MockResponse {
  return { status: 500, headers: { 'content-type': 'application/json' }, body: '{"code":"internal_error","message":"The mock failed to answer this request.","status":500}' }
}

/** A request node's parser refuses still gets an `Error` body: 431 for oversized headers, else 400. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const answer = errorResponse(
    tooLarge
      ? new MockError(431, 'headers_too_large', 'The request headers are too large.')
      : new MockError(400, 'bad_request', 'The request is not valid HTTP/1.1.'),
  )
  const body = answer.body ?? ''
  const head = [`HTTP/1.1 ${answer.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}`, 'connection: close']
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`)
  head.push(`content-length: ${Buffer.byteLength(body)}`)
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
}
