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
 * worked out, the new one is closed instead. Cheap on the hot path: `touch` stores a counter.
 * @example const limit = limitConnections(server, 939, (socket) => answering(socket) > 0)
 */
export function limitConnections(
  server: Server,
  max: number,
  isAnswering: (socket: Socket) => boolean,
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
