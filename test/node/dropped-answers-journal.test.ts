import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import type { JournalEntry } from '../../mocks/core/controls/request-journal.ts'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'

// A request the mock journaled but whose answer never left it (its connection closed first) is journaled as
// dropped, with no status and the reason, never as the 200 it would have been. On loopback, every socket closed.

const auth = `authorization: Bearer ${developmentApiKey}\r\n`
const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}${extra}\r\n`
const started: Array<PetStoreServer> = []
const opened: Array<Socket> = []

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy()
  await Promise.all(started.splice(0).map((mock) => mock.close()))
})

async function serve() {
  const mock = await startPetStoreServer({ pets: 5 })
  started.push(mock)
  return { mock, port: Number(new URL(mock.baseUrl).port) }
}

async function open(port: number, bytes: string): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1' })
  opened.push(socket)
  socket.on('error', () => {})
  await once(socket, 'connect')
  socket.write(bytes)
  return socket
}

/** Resolves once the socket closes, however (a reset included). */
function closed(socket: Socket): Promise<void> {
  return socket.destroyed ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve()))
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  return condition()
}

/** The journal as a client reads it: `GET /__mock/requests`. */
async function journal(mock: PetStoreServer): Promise<Array<JournalEntry>> {
  const response = await fetch(`${new URL(mock.baseUrl).origin}/__mock/requests`)
  return ((await response.json()) as { requests: Array<JournalEntry> }).requests
}

it('journals every request of a connection closed for pipelining 101 as dropped, none as answered', async () => {
  const { mock, port } = await serve()
  const socket = await open(port, get('/v1/pets/1', 'prefer: delay=60000\r\n').repeat(101))
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  await closed(socket)
  expect(await until(() => mock.core.journal.list().length === 101, scaledMs(2_000))).toBe(true)
  const entries = await journal(mock)
  expect(received).toBe('')
  expect(entries).toHaveLength(101)
  for (const entry of entries)
    expect(entry).toMatchObject({
      path: '/v1/pets/1',
      status: null,
      outcome: 'dropped: the connection had more than 100 requests in flight and was closed',
    })
})

it('journals a delayed request whose client left before the answer as dropped by the client', async () => {
  const { mock, port } = await serve()
  const socket = await open(port, get('/v1/pets/2', 'prefer: delay=60000\r\n'))
  expect(await until(() => mock.core.held.count === 1, scaledMs(2_000))).toBe(true)
  socket.destroy()
  expect(await until(() => mock.core.journal.list().length === 1, scaledMs(2_000))).toBe(true)
  expect(await journal(mock)).toMatchObject([
    {
      path: '/v1/pets/2',
      status: null,
      outcome: 'dropped: the client closed the connection before the answer was sent',
      operationId: 'getPet',
    },
  ])
})

it('journals a fault as a fault, and the answer its closing of the connection dropped as dropped', async () => {
  const { mock, port } = await serve()
  const socket = await open(port, get('/v1/pets/3', 'prefer: delay=60000\r\n'))
  expect(await until(() => mock.core.held.count === 1, scaledMs(2_000))).toBe(true)
  socket.write(get('/v1/pets/4', 'prefer: fault=reset\r\n'))
  await closed(socket)
  expect(await until(() => mock.core.journal.list().length === 2, scaledMs(2_000))).toBe(true)
  const entries = await journal(mock)
  expect(entries.find((entry) => entry.path === '/v1/pets/4')).toMatchObject({ status: null, outcome: 'fault' })
  expect(entries.find((entry) => entry.path === '/v1/pets/3')).toMatchObject({
    status: null,
    outcome: 'dropped: a fault=reset asked for on the connection closed it',
  })
})

it('journals the answers a client received as answered, with their status', async () => {
  const { mock } = await serve()
  const headers = { authorization: `Bearer ${developmentApiKey}` }
  expect((await fetch(`${mock.baseUrl}/pets/1`, { headers })).status).toBe(200)
  expect((await fetch(`${mock.baseUrl}/pets/999`, { headers })).status).toBe(404)
  expect((await journal(mock)).map(({ status, outcome }) => [status, outcome])).toEqual([
    [200, 'answered'],
    [404, 'answered'],
  ])
})

it('journals a request held when the server stops as dropped by the stop', async () => {
  const { mock, port } = await serve()
  await open(port, get('/v1/pets/5', 'prefer: delay=60000\r\n'))
  expect(await until(() => mock.core.held.count === 1, scaledMs(2_000))).toBe(true)
  await mock.close()
  expect(await until(() => mock.core.journal.list().length === 1, scaledMs(2_000))).toBe(true)
  expect(mock.core.journal.list()).toMatchObject([
    { path: '/v1/pets/5', status: null, outcome: 'dropped: the server stopped before the answer was sent' },
  ])
})
