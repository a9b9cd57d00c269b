import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Serves a node request listener on 127.0.0.1 at a free port; `close` ends kept-alive connections too.
 * @example const { origin, close } = await listenOnLoopback(app)
 */
export async function listenOnLoopback(listener: RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(listener)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
