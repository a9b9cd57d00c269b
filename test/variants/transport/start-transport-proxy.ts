import { Agent, request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import { startPetStoreServer } from '../../../mocks/node/start-pet-store-server.ts'
import { listenOnLoopback } from '../frameworks/listen-on-loopback.ts'
import type { RunningServer } from '../frameworks/running-server.ts'

/**
 * What happens to a request on its way in: passed on to the mock, its connection closed with no answer,
 * answered with a redirect (status and Location) the mock never sees, passed on as another path with another
 * Authorization header, or answered by the proxy itself (`respond`).
 */
export type TransportFault = (
  request: IncomingMessage,
) =>
  | 'pass'
  | 'close'
  | { redirect: number; location: string }
  | { path: string; authorization: string }
  | { respond: (response: ServerResponse) => void }

export interface TransportProxy extends RunningServer {
  /** Requests whose connection was closed with no answer. */
  closed(): number
}

/**
 * The standalone mock behind a node:http proxy on loopback that closes the connection of the requests `fault`
 * picks, before the mock sees them, as a body limit in a proxy or a flaky network does, or redirects them: a
 * server whose one difference is at the transport.
 * @example const proxy = await startTransportProxy(key, (request) => 'pass')
 */
export async function startTransportProxy(apiKey: string, fault: TransportFault): Promise<TransportProxy> {
  const mock = await startPetStoreServer({ apiKeys: [apiKey] })
  const upstream = new URL(mock.baseUrl)
  const agent = new Agent({ keepAlive: true })
  let closed = 0
  const proxy = await listenOnLoopback((request, response) => {
    const done = fault(request)
    if (done === 'close') {
      closed++
      request.socket.destroy()
      return
    }
    if (done !== 'pass' && 'respond' in done) {
      request.resume()
      done.respond(response)
      return
    }
    if (done !== 'pass' && 'redirect' in done) {
      request.resume()
      response.writeHead(done.redirect, { location: done.location, 'content-length': '0' })
      response.end()
      return
    }
    const { hostname, port } = upstream
    const changed = done === 'pass' ? undefined : done
    const path = changed?.path ?? request.url
    const headers = { ...request.headers, ...(changed && { authorization: changed.authorization }) }
    const sent = forward({ hostname, port, method: request.method, path, headers, agent })
    sent.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    sent.on('error', () => response.destroy())
    request.pipe(sent)
  })
  return {
    baseUrl: `${proxy.origin}/v1`,
    messagesBaseUrl: proxy.origin,
    closed: () => closed,
    close: async () => {
      await proxy.close()
      agent.destroy()
      await mock.close()
    },
  }
}

/**
 * Closes the connection of a request whose body (by its Content-Length) is larger than `limit` bytes, as a
 * proxy's or a body parser's limit does.
 * @example await startTransportProxy(key, bodyLimit(64 * 1024))
 */
export const bodyLimit =
  (limit: number): TransportFault =>
  (request) =>
    Number(request.headers['content-length'] ?? 0) > limit ? 'close' : 'pass'

/**
 * Redirects, with `status`, every request whose path does not end in a slash to the same URL with one (as a
 * framework that appends slashes does); the form with the slash reaches the mock, which answers it.
 * @example await startTransportProxy(key, appendSlash(301))
 */
export const appendSlash =
  (status: number): TransportFault =>
  (request) => {
    const [path = '', query] = (request.url ?? '').split('?')
    if (path.endsWith('/')) return 'pass'
    return { redirect: status, location: `${path}/${query === undefined ? '' : `?${query}`}` }
  }

/**
 * Redirects, with 301, a path that ends in a slash to the same path without it, as many routers do for a form the
 * interface does not describe; every other request reaches the mock as sent.
 * @example await startTransportProxy(key, stripSlash)
 */
export const stripSlash: TransportFault = (request) => {
  const [path = '', query] = (request.url ?? '').split('?')
  if (!path.endsWith('/') || path === '/') return 'pass'
  return { redirect: 301, location: `${path.replace(/\/+$/, '')}${query === undefined ? '' : `?${query}`}` }
}

/**
 * Redirects a path that ends in a slash to a copy under `/open` that the proxy serves with the key itself: the
 * resource without the key, one redirect away (a cache or a mirror left open).
 * @example await startTransportProxy(key, openCopyBehindSlash(key))
 */
export const openCopyBehindSlash =
  (apiKey: string): TransportFault =>
  (request) => {
    const url = request.url ?? ''
    if (url.startsWith('/open/')) return { path: url.slice('/open'.length), authorization: `Bearer ${apiKey}` }
    const [path = '', query] = url.split('?')
    if (!path.endsWith('/') || path === '/') return 'pass'
    return { redirect: 302, location: `/open${path.replace(/\/+$/, '')}${query === undefined ? '' : `?${query}`}` }
  }
