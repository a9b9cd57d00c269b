import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { expect, it } from 'vitest'
import { createRequestJournal } from '../core/controls/request-journal.ts'
import { answerDelivery } from './answer-delivery.ts'

const record = { method: 'GET', search: '', status: 200, durationMs: 0, session: null, route: null }

/** A server whose every answer is journaled, then written whole (`size` bytes) and tracked until it is out. */
async function trackedServer(size: number) {
  const journal = createRequestJournal(10)
  const delivery = answerDelivery(journal)
  const answered: Array<{ request: IncomingMessage; response: ServerResponse }> = []
  const server = createServer((request, response) => {
    delivery.journaled(request, journal.record({ ...record, path: request.url ?? '/', at: performance.now() }))
    response.end(Buffer.alloc(size, 120))
    delivery.sent(response)
    answered.push({ request, response })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { journal, delivery, server, answered, port: (server.address() as AddressInfo).port }
}

async function until(condition: () => boolean): Promise<boolean> {
  const deadline = performance.now() + 5_000
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  return condition()
}

it('marks an answer still unwritten when the server closes its connection dropped, with the reason given', async () => {
  const { journal, delivery, server, answered, port } = await trackedServer(32 * 1024 * 1024)
  const client = connect({ port, host: '127.0.0.1' })
  client.on('error', () => {})
  // The client reads nothing: 32 MB cannot all leave.
  client.pause()
  client.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n')
  expect(await until(() => answered.length === 1)).toBe(true)
  const socket = answered[0]?.request.socket
  delivery.closing(socket as NonNullable<typeof socket>, 'the server closed the connection at its connection limit')
  socket?.destroy()
  expect(await until(() => journal.list()[0]?.status === null)).toBe(true)
  expect(journal.list()).toMatchObject([
    { path: '/big', status: null, outcome: 'dropped: the server closed the connection at its connection limit' },
  ])
  client.destroy()
  server.close()
})

it('leaves an answer the client received answered, though the connection closes right after', async () => {
  const { journal, server, port } = await trackedServer(10)
  const client = connect({ port, host: '127.0.0.1' })
  client.write('GET /small HTTP/1.1\r\nHost: x\r\n\r\n')
  await once(client, 'data')
  client.destroy()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(journal.list()).toMatchObject([{ path: '/small', status: 200, outcome: 'answered' }])
  server.close()
})
