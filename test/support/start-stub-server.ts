import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubServer {
  url: string
  /** Every request received: method, path and Authorization header. */
  received: Array<{ method: string; url: string; authorization?: string }>
  close(): Promise<void>
}

/**
 * A misbehaving (or well-behaved) HTTP server on a free loopback port, for testing the client.
 * @example const stub = await startStubServer((req, res) => res.end('hi'))
 */
export async function startStubServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<StubServer> {
  const received: StubServer['received'] = []
  const server = createServer((request, response) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
    })
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
