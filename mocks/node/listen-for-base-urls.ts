import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { specBasePaths } from '../core/base-paths.ts'

/**
 * Starts `server` listening on `host`:`port` (0 picks a free port) and resolves with where the pets and the messages
 * APIs are then served: what the mock's server and the proxy both announce.
 * @example const { baseUrl } = await listenForBaseUrls(server, 0, '127.0.0.1') // 'http://127.0.0.1:40123/v1'
 * @throws the server's listen error (EADDRINUSE, EACCES, ...)
 */
export function listenForBaseUrls(
  server: Server,
  port: number,
  host: string,
): Promise<{ baseUrl: string; messagesBaseUrl: string }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      const address = server.address() as AddressInfo
      const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address
      const origin = `http://${hostname}:${address.port}`
      resolve({ baseUrl: `${origin}${specBasePaths.pets}`, messagesBaseUrl: `${origin}${specBasePaths.messages}` })
    })
  })
}
