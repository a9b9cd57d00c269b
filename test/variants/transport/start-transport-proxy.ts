import { Agent, type IncomingMessage, request as forward } from 'node:http'
import { startPetStoreServer } from '../../../mocks/node/start-pet-store-server.ts'
import { listenOnLoopback } from '../frameworks/listen-on-loopback.ts'
import type { RunningServer } from '../frameworks/running-server.ts'

/** What happens to a request on its way in: passed on to the mock, or its connection closed with no answer. */
export type TransportFault = (request: IncomingMessage) => 'pass' | 'close'

export interface TransportProxy extends RunningServer {
  /** Requests whose connection was closed with no answer. */
  closed(): number
}

/**
 * The standalone mock behind a node:http proxy on loopback that closes the connection of the requests `fault`
 * picks, before the mock sees them, as a body limit in a proxy or a flaky network does: a conformant server
 * whose one difference is at the transport.
 * @example const proxy = await startTransportProxy(key, (request) => 'pass')
 */
export async function startTransportProxy(apiKey: string, fault: TransportFault): Promise<TransportProxy> {
  const mock = await startPetStoreServer({ apiKeys: [apiKey] })
  const upstream = new URL(mock.baseUrl)
  const agent = new Agent({ keepAlive: true })
  let closed = 0
  const proxy = await listenOnLoopback((request, response) => {
    if (fault(request) === 'close') {
      closed++
      request.socket.destroy()
      return
    }
    const { hostname, port } = upstream
    const sent = forward({ hostname, port, method: request.method, path: request.url, headers: request.headers, agent })
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
