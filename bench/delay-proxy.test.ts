import { once } from 'node:events'
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { scaledMs } from '../tools/time-scale.ts'
import { type DelayProxy, startDelayProxy } from './delay-proxy.ts'

const delayMs = 40
const stops: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

/** A loopback server running `onConnection` for each connection, behind a delay proxy; both stopped after the test. */
async function behindProxy(
  onConnection: (socket: Socket) => void,
  options: { maxQueuedBytes?: number } = {},
): Promise<{ proxy: DelayProxy; server: Server }> {
  const sockets = new Set<Socket>()
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket)
    onConnection(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const proxy = await startDelayProxy({ target: { host: '127.0.0.1', port }, delayMs, ...options })
  stops.push(async () => {
    await proxy.stop()
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  })
  return { proxy, server }
}

/** Everything `socket` receives until it ends, and when the first byte came. */
async function readAll(socket: Socket): Promise<{ text: string; firstAt: number }> {
  const chunks: Array<Buffer> = []
  let firstAt = Number.NaN
  socket.on('data', (chunk: Buffer) => {
    if (chunks.length === 0) firstAt = performance.now()
    chunks.push(chunk)
  })
  await once(socket, 'end')
  return { text: Buffer.concat(chunks).toString('utf8'), firstAt }
}

it('forwards a request and its answer, each held the delay on its way', async () => {
  let requestSeenAt = Number.NaN
  const { proxy } = await behindProxy((socket) => {
    socket.once('data', (chunk: Buffer) => {
      requestSeenAt = performance.now()
      socket.end(`echo ${chunk.toString('utf8')}`)
    })
  })
  const client = connect({ host: '127.0.0.1', port: proxy.port })
  await once(client, 'connect')
  const sentAt = performance.now()
  client.write('ping')
  const { text, firstAt } = await readAll(client)
  client.destroy()

  expect(text).toBe('echo ping')
  // Timers may fire a millisecond early against performance.now(): allow that much.
  expect(requestSeenAt - sentAt).toBeGreaterThanOrEqual(delayMs - 1)
  expect(firstAt - requestSeenAt).toBeGreaterThanOrEqual(delayMs - 1)
  expect(proxy.connections).toBe(1)
})

it('passes a half-close on after the data before it, and the answer sent after it back', async () => {
  const { proxy } = await behindProxy((socket) => {
    void readAll(socket).then(({ text }) => socket.end(`got ${text.length} bytes`))
  })
  const client = connect({ host: '127.0.0.1', port: proxy.port, allowHalfOpen: true })
  await once(client, 'connect')
  const body = 'x'.repeat(200_000)
  client.end(body)
  const { text } = await readAll(client)
  client.destroy()

  expect(text).toBe(`got ${body.length} bytes`)
})

it('delivers a large answer whole and in order to a slow reader through a small queue', async () => {
  const total = 1_000_000
  const { proxy } = await behindProxy(
    (socket) => {
      const bytes = Buffer.alloc(total)
      for (let index = 0; index < total; index++) bytes[index] = index % 251
      socket.end(bytes)
    },
    { maxQueuedBytes: 65_536 },
  )
  const client = connect({ host: '127.0.0.1', port: proxy.port })
  // A slow reader: the proxy's queue, not its memory, must absorb the difference.
  client.pause()
  await new Promise((resolve) => setTimeout(resolve, 3 * delayMs))
  const received: Array<Buffer> = []
  client.on('data', (chunk: Buffer) => received.push(chunk))
  client.resume()
  await once(client, 'end')
  client.destroy()
  const bytes = Buffer.concat(received)

  expect(bytes.length).toBe(total)
  expect(bytes.every((byte, index) => byte === index % 251)).toBe(true)
})

it('resets the connection to the server once the client has reset its own', async () => {
  const serverClosed: Array<Promise<unknown>> = []
  const { proxy } = await behindProxy((socket) => {
    socket.on('error', () => undefined)
    socket.resume()
    serverClosed.push(new Promise((resolve) => socket.on('close', resolve)))
  })
  const client = connect({ host: '127.0.0.1', port: proxy.port })
  await once(client, 'connect')
  client.write('hello')
  await expect.poll(() => serverClosed.length, { timeout: scaledMs(1_000) }).toBe(1)
  client.resetAndDestroy()
  await Promise.race([
    serverClosed[0],
    new Promise((_, reject) => setTimeout(() => reject(new Error('the server side stayed open')), scaledMs(2_000))),
  ])
})
