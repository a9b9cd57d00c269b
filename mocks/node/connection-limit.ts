import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** When the server last heard from a connection or answered on it, as a count of such events. */
const lastHeard = Symbol('lastHeard')
type TrackedSocket = Socket & { [lastHeard]?: number }

interface ConnectionLimit {
  /** Marks a connection as just heard from (a request, a piece of a body, an answer sent). */
  touch(socket: Socket): void
  readonly size: number
  readonly max: number
}

/**
 * Keeps at most `max` connections open: at the limit, a new connection closes the one heard from least
 * recently among those waiting on their client (idle, or part of a request still to come), since such a
 * client may reconnect and nobody waits on the server there; when every connection has an answer being
 * worked out, the new one is closed instead (the server keeps that from happening: at most half its
 * connections may wait on a held request). Cheap on the hot path: `touch` stores a counter.
 * `closing` hears of a connection just before it is closed to make room.
 * @example const limit = limitConnections(server, 939, (socket) => answering(socket) > 0)
 */
export function limitConnections(
  server: Server,
  max: number,
  isAnswering: (socket: Socket) => boolean,
  closing?: (socket: Socket) => void,
): ConnectionLimit {
  const open = new Set<TrackedSocket>()
  let heard = 0

  function closeIdlest(): boolean {
    let idlest: TrackedSocket | undefined
    for (const socket of open) {
      if (isAnswering(socket)) continue
      if (idlest === undefined || (socket[lastHeard] ?? 0) < (idlest[lastHeard] ?? 0)) idlest = socket
    }
    if (!idlest) return false
    open.delete(idlest)
    closing?.(idlest)
    idlest.destroy()
    return true
  }

  server.on('connection', (socket: TrackedSocket) => {
    if (open.size >= max && !closeIdlest()) {
      socket.destroy()
      return
    }
    socket[lastHeard] = ++heard
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  return {
    touch(socket) {
      ;(socket as TrackedSocket)[lastHeard] = ++heard
    },
    get size() {
      return open.size
    },
    max,
  }
}

/**
 * The most requests a server with `maxConnections` connections holds at once for a delay or `fault=timeout`:
 * half of them. A connection waiting on a held answer may not be closed to make room, so the other half always
 * holds connections that may (idle ones, or ones whose client is still sending): a new client and the admin page
 * get a connection below any open-file limit, however the holders renew their requests.
 * @example maxHeldFor(939) // 469
 */
export function maxHeldFor(maxConnections: number): number {
  return Math.max(1, Math.floor(maxConnections / 2))
}
