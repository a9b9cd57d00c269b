import { setMaxListeners } from 'node:events'
import type { Socket } from 'node:net'

const closedSignal = Symbol('closedSignal')

/**
 * An `AbortSignal` that aborts when a connection closes, one per connection, made on first use (by a
 * delayed or timed-out request): what lets the core stop holding a request whose client left. A property
 * of the socket, like the server's other per-connection state.
 * @example const signal = connectionSignal(request.socket)
 */
export function connectionSignal(socket: Socket): AbortSignal {
  const tracked = socket as Socket & { [closedSignal]?: AbortSignal }
  const existing = tracked[closedSignal]
  if (existing) return existing
  const controller = new AbortController()
  // Every request the connection holds listens; the server bounds how many a connection has in flight.
  setMaxListeners(0, controller.signal)
  if (socket.destroyed) controller.abort()
  else socket.once('close', () => controller.abort())
  tracked[closedSignal] = controller.signal
  return controller.signal
}
