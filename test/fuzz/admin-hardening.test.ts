import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPetStoreCore } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { readHttpResponse } from './read-http-response.ts'
import { sendRawHttp } from './send-raw-http.ts'
import { settledMemory } from './settled-memory.ts'
import { type FuzzServer, startFuzzServer } from './start-fuzz-server.ts'

const MiB = 1024 * 1024
let server: FuzzServer
beforeAll(async () => {
  server = await startFuzzServer()
})
afterAll(() => server.mock.close())

const adminHead = (method: string, path: string, framing: string) =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`

it('answers 413 at once to a 50 MiB admin body announced by Content-Length, reading none of it', async () => {
  const socket = connect({ port: server.port, host: '127.0.0.1' })
  try {
    const answer = readHttpResponse(socket, { timeoutMs: scaledMs(5_000) })
    socket.write(`${adminHead('PUT', '/__mock/state', `content-length: ${50 * MiB}`)}{"pets":[`)
    expect(await answer).toMatchObject({ kind: 'response', status: 413 })
  } finally {
    socket.destroy()
  }
  expect(server.model.allPets()).toHaveLength(50)
})

it('answers 413 to a 50 MiB chunked admin body once past 1 MiB, without holding it', async () => {
  const before = (await settledMemory()).rss
  const socket = connect({ port: server.port, host: '127.0.0.1' })
  socket.on('error', () => {})
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
  try {
    let answered = false
    const answer = readHttpResponse(socket, { timeoutMs: scaledMs(20_000) }).then((value) => {
      answered = true
      return value
    })
    socket.write(adminHead('POST', '/__mock/rules', 'transfer-encoding: chunked'))
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const framed = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
    for (let sent = 0; sent < 50 * MiB && !answered && !socket.destroyed; sent += chunk.byteLength) {
      if (!socket.write(framed)) await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 20))])
    }
    expect(await answer).toMatchObject({ kind: 'response', status: 413 })
  } finally {
    clearInterval(sampler)
    socket.destroy()
  }
  expect(peak - before).toBeLessThan(24 * MiB)
  expect(server.mock.core.sessions.default.rules.list()).toEqual([])
})

it('drops __proto__ keys of a state put over HTTP, polluting nothing', async () => {
  const body =
    '{"__proto__":{"polluted":1},"pets":[{"id":3,"name":"Rex","categoryId":1,"__proto__":{"polluted":2},' +
    '"constructor":{"prototype":{"polluted":3}}}]}'
  const answer = await sendRawHttp(
    server.port,
    Buffer.from(`${adminHead('PUT', '/__mock/state', `content-length: ${Buffer.byteLength(body)}`)}${body}`),
  )
  expect(answer).toMatchObject({ kind: 'response', status: 204 })
  expect(server.model.allPets()).toEqual([{ id: 3, name: 'Rex', categoryId: 1 }])
  expect(Object.keys(server.model.findPet(3) ?? {})).toEqual(['id', 'name', 'categoryId'])
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  await server.model.reset()
})

it('keeps under 6 MiB for a journal of 1,000 requests with 15 KB URLs: copies, not slices of each URL', async () => {
  const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 5 }), journalSize: 1_000 })
  const record = (index: number): void => {
    // As node:http hands a request over: the path and the query are slices of one long URL.
    const url = `/v1/pets/${String(index).padStart(20, '7')}?q=${'x'.repeat(15_000)}`
    const queryStart = url.indexOf('?')
    void core.dispatch({
      method: 'GET',
      base: 'pets',
      path: url.slice(3, queryStart),
      pathname: url.slice(0, queryStart),
      search: url.slice(queryStart + 1),
      owned: true,
      header: () => undefined,
      readBody: async () => ({ kind: 'bytes', bytes: new Uint8Array(0) }),
    })
  }
  const before = (await settledMemory()).heapUsed
  for (let index = 0; index < 1_000; index++) record(index)
  const retained = (await settledMemory()).heapUsed - before
  expect(core.journal.list()).toHaveLength(1_000)
  expect(core.journal.list()[0]?.query).toHaveLength(2_049)
  expect(retained).toBeLessThan(6 * MiB)
})
