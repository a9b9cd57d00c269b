import type { AddressInfo, Socket } from 'node:net'
import { connect, createServer } from 'node:net'

export interface DelayProxyOptions {
  /** Where every connection is forwarded: a loopback server. */
  target: { host: string; port: number }
  /** How long each chunk waits, in each direction. */
  delayMs: number
  /** Bytes a direction may hold back before it stops reading from its sender (until half are sent). */
  maxQueuedBytes?: number
  /** Connections open at once; more are refused. */
  maxConnections?: number
}

export interface DelayProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number
  /** Connections accepted so far. */
  readonly connections: number
  /** Stops accepting and destroys every connection still open. */
  stop(): Promise<void>
}

interface Pending {
  at: number
  chunk?: Buffer
  /** The sender ended its side (FIN): end the receiver's, after the chunks before it. */
  end?: boolean
  /** The sender's connection failed (a reset, say): reset the receiver's, after the chunks before it. */
  destroy?: boolean
}

/**
 * A loopback TCP proxy that forwards each connection to `target` and holds every chunk `delayMs` in each
 * direction, in order: a request and its answer each arrive `delayMs` later, as across a network with that
 * latency, whatever speaks over the connection (HTTP/1.1, keep-alive, raw bytes). Half-closes and failures reach
 * the other side after the same delay; each direction holds at most `maxQueuedBytes` before it stops reading.
 * @example const proxy = await startDelayProxy({ target: { host: '127.0.0.1', port }, delayMs: 50 })
 */
export async function startDelayProxy({
  target,
  delayMs,
  maxQueuedBytes = 1_048_576,
  maxConnections = 256,
}: DelayProxyOptions): Promise<DelayProxy> {
  const open = new Set<Socket>()
  let connections = 0
  const track = (socket: Socket): void => {
    open.add(socket)
    socket.on('close', () => open.delete(socket))
    // A failure is passed on to the other side (see delayedPipe); unhandled, it would end the process.
    socket.on('error', () => undefined)
  }
  const server = createServer({ allowHalfOpen: true, pauseOnConnect: true }, (client) => {
    connections++
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true })
    track(client)
    track(upstream)
    delayedPipe(client, upstream, delayMs, maxQueuedBytes)
    delayedPipe(upstream, client, delayMs, maxQueuedBytes)
    client.resume()
  })
  server.maxConnections = maxConnections
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Forwards what `from` sends to `to`, each chunk (and the end or failure of `from`) `delayMs` after it came. */
function delayedPipe(from: Socket, to: Socket, delayMs: number, maxQueuedBytes: number): void {
  const queue: Array<Pending> = []
  let queuedBytes = 0
  let timer: NodeJS.Timeout | undefined
  let waitingForDrain = false
  const push = (pending: Omit<Pending, 'at'>): void => {
    queue.push({ at: performance.now() + delayMs, ...pending })
    schedule()
  }
  const schedule = (): void => {
    const next = queue[0]
    if (timer || waitingForDrain || !next) return
    timer = setTimeout(flush, Math.max(0, next.at - performance.now()))
  }
  const flush = (): void => {
    timer = undefined
    while (queue[0] && queue[0].at <= performance.now()) {
      const pending = queue.shift() as Pending
      if (pending.destroy) return void to.resetAndDestroy()
      if (pending.end) return void to.end()
      const chunk = pending.chunk as Buffer
      queuedBytes -= chunk.length
      if (from.isPaused() && queuedBytes <= maxQueuedBytes / 2) from.resume()
      if (to.write(chunk)) continue
      waitingForDrain = true
      to.once('drain', () => {
        waitingForDrain = false
        flush()
      })
      return
    }
    schedule()
  }
  from.on('data', (chunk: Buffer) => {
    if (to.destroyed) return
    queuedBytes += chunk.length
    if (queuedBytes > maxQueuedBytes) from.pause()
    push({ chunk })
  })
  from.on('end', () => push({ end: true }))
  from.on('close', (hadError) => {
    if (hadError) push({ destroy: true })
  })
  // Nothing more can be delivered: let go of what was held for it, and of `from` once what goes the other way
  // (sent before this close, so due within `delayMs`; twice that leaves timers their slack) has arrived.
  to.on('close', () => {
    clearTimeout(timer)
    queue.length = 0
    queuedBytes = 0
    from.resume()
    setTimeout(() => from.destroy(), 2 * delayMs).unref()
  })
}
