import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { createServer, type TLSSocket } from 'node:tls'
import type { Front } from './nginx-front.ts'
import type { TestCertificate } from './test-certificate.ts'

/**
 * Starts a TLS terminator on a free loopback port in front of the plain HTTP server at `upstreamPort`, for a server
 * that speaks no TLS itself (waitress, PHP's built-in server), as stunnel or hitch would stand before it: each TLS
 * connection gets one TCP connection to the server, and the bytes pass unchanged both ways, half-closes included,
 * so the server's own HTTP is what the client reads.
 * @example const front = await startTlsFront(8000, certificate); ...; await front.close()
 */
export async function startTlsFront(upstreamPort: number, certificate: TestCertificate): Promise<Front> {
  const sockets = new Set<Socket>()
  const server = createServer(
    { cert: readFileSync(certificate.certFile), key: readFileSync(certificate.keyFile), allowHalfOpen: true },
    (client: TLSSocket) => {
      const upstream = connect({ host: '127.0.0.1', port: upstreamPort, allowHalfOpen: true })
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.once('close', () => sockets.delete(socket))
      }
      client.pipe(upstream)
      upstream.pipe(client)
      // An end passes on through the pipes once what came before it is written; a reset ends the other side at once.
      client.once('error', () => upstream.destroy())
      upstream.once('error', () => client.destroy())
    },
  )
  // Every connection from its first byte, a handshake still under way included: close() waits for each to end.
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    origin: `https://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
