import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { readHttpResponse } from './read-http-response.ts'
import { sendRawHttp } from './send-raw-http.ts'
import { settledMemory } from './settled-memory.ts'

const MiB = 1024 * 1024
const auth = `authorization: Bearer ${developmentApiKey}\r\n`
const plainGet = Buffer.from(`GET /v1/pets?limit=1 HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}\r\n`)
const delayedGet = `GET /v1/pets?limit=1 HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}prefer: delay=60000\r\n\r\n`
const started: Array<PetStoreServer> = []

async function serve(options: Parameters<typeof startPetStoreServer>[0] = {}) {
  const mock = await startPetStoreServer({ pets: 20, ...options })
  started.push(mock)
  return { mock, port: Number(new URL(mock.baseUrl).port) }
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()))
})

/** A loopback connection that has written `bytes`; errors (the server cutting it) are expected, not thrown. */
async function open(port: number, bytes: string | Buffer = ''): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1' })
  socket.on('error', () => {})
  await once(socket, 'connect')
  if (bytes.length > 0) socket.write(bytes)
  return socket
}

/** Resolves true once the socket closes, false if it is still open after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  return condition()
}

it('answers a plain GET within 1 s while connection after connection pipelines thousands of delays', async () => {
  const { mock, port } = await serve()
  const before = await settledMemory()
  const flood = delayedGet.repeat(5_000)
  const floodUntil = performance.now() + 3_000
  let peakHeld = 0
  let peakHeap = before.heapUsed
  const sampler = setInterval(() => {
    peakHeld = Math.max(peakHeld, mock.core.held.count)
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  }, 20)
  const floods = (async () => {
    let closedByServer = 0
    let leftOpen = 0
    while (performance.now() < floodUntil) {
      const socket = await open(port, flood)
      if (await closedWithin(socket, scaledMs(2_000))) closedByServer++
      else leftOpen++
      socket.destroy()
    }
    return { closedByServer, leftOpen }
  })()
  const latencies: Array<number> = []
  const statuses: Array<number | string> = []
  while (performance.now() < floodUntil) {
    const sent = performance.now()
    const answer = await sendRawHttp(port, plainGet, { timeoutMs: scaledMs(5_000) })
    latencies.push(performance.now() - sent)
    statuses.push(answer.kind === 'response' ? answer.status : answer.reason)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const { closedByServer, leftOpen } = await floods
  clearInterval(sampler)

  expect(new Set(statuses)).toEqual(new Set([200]))
  expect(Math.max(...latencies), `latencies ${latencies.map(Math.round).join(', ')} ms`).toBeLessThan(scaledMs(1_000))
  // Each flood passed the 100 requests a connection may have in flight: the server closed it.
  expect(leftOpen).toBe(0)
  expect(closedByServer).toBeGreaterThanOrEqual(2)
  expect(peakHeld).toBeLessThanOrEqual(100)
  expect(peakHeap - before.heapUsed, `peak ${Math.round((peakHeap - before.heapUsed) / MiB)} MiB`).toBeLessThan(
    64 * MiB,
  )
  // The requests the closed connections held are let go at once, not after their 60 s delay.
  expect(await until(() => mock.core.held.count === 0, scaledMs(2_000))).toBe(true)
  expect((await settledMemory()).heapUsed - before.heapUsed).toBeLessThan(16 * MiB)
})

it('answers every one of 200 pipelined plain requests: only requests still in flight count', async () => {
  const { port } = await serve({ maxInFlightPerConnection: 5 })
  const socket = await open(port, plainGet.toString().repeat(200))
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  const answered = await until(() => (received.match(/HTTP\/1\.1 200 /g) ?? []).length === 200, scaledMs(5_000))
  socket.destroy()
  expect(answered).toBe(true)
})

it('closes a connection that pipelines past its in-flight limit, answering the rest of the server', async () => {
  const { port } = await serve({ maxInFlightPerConnection: 5 })
  const within = await open(port, delayedGet.repeat(5))
  const beyond = await open(port, delayedGet.repeat(6))
  expect(await closedWithin(beyond, scaledMs(2_000))).toBe(true)
  expect(await closedWithin(within, 300)).toBe(false)
  expect(await sendRawHttp(port, plainGet)).toMatchObject({ kind: 'response', status: 200 })
  within.destroy()
})

it('answers 503 at once, changing nothing, past the requests it may hold for delays and timeouts', async () => {
  const { mock, port } = await serve({ maxHeld: 3 })
  const holders = await Promise.all([
    open(port, delayedGet),
    open(port, delayedGet.replace('delay=60000', 'fault=timeout')),
    open(port, delayedGet),
  ])
  expect(await until(() => mock.core.held.count === 3, scaledMs(2_000))).toBe(true)
  const body = '{"name":"Held","categoryId":1}'
  const create = Buffer.from(
    `POST /v1/pets HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}content-type: application/json\r\n` +
      `prefer: delay=10\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  )
  const sent = performance.now()
  const answer = await sendRawHttp(port, create)
  expect(performance.now() - sent).toBeLessThan(1_000)
  expect(answer).toMatchObject({ kind: 'response', status: 503, headers: { 'retry-after': '1' } })
  if (answer.kind === 'response') expect(JSON.parse(answer.body)).toMatchObject({ code: 'service_unavailable' })
  expect(mock.model.allPets()).toHaveLength(20)
  // A client that leaves frees its place at once.
  for (const socket of holders) socket.destroy()
  expect(await until(() => mock.core.held.count === 0, scaledMs(1_000))).toBe(true)
  expect((await sendRawHttp(port, create)).kind === 'response' && mock.model.allPets().length).toBe(21)
})

it('answers 503 at once past the requests in flight over all connections, then serves again', async () => {
  const { mock, port } = await serve({ maxInFlight: 3 })
  const holders = await Promise.all([open(port, delayedGet), open(port, delayedGet), open(port, delayedGet)])
  expect(await until(() => mock.core.held.count === 3, scaledMs(2_000))).toBe(true)
  const busy = await sendRawHttp(port, plainGet)
  expect(busy).toMatchObject({ kind: 'response', status: 503 })
  if (busy.kind === 'response') expect(JSON.parse(busy.body).message).toMatch(/3 requests in flight/)
  for (const socket of holders) socket.destroy()
  expect(await until(() => mock.core.held.count === 0, scaledMs(1_000))).toBe(true)
  expect(await sendRawHttp(port, plainGet)).toMatchObject({ kind: 'response', status: 200 })
})

it('answers a delayed request whose client stays, after its delay', async () => {
  const { port } = await serve({ maxInFlightPerConnection: 5 })
  const socket = await open(port)
  const answer = readHttpResponse(socket, { timeoutMs: scaledMs(3_000) })
  const sent = performance.now()
  socket.write(delayedGet.replace('delay=60000', 'delay=200'))
  expect(await answer).toMatchObject({ kind: 'response', status: 200 })
  expect(performance.now() - sent).toBeGreaterThanOrEqual(190)
  socket.destroy()
})
