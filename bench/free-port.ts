import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'

/**
 * A loopback port free right now, for a server that cannot be given port 0 and tell which one it
 * took (Prism at `-v silent` prints nothing). Another process could take it first; start-up then
 * fails with a clear error rather than measuring the wrong server.
 * @example const port = await freePort()
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}
