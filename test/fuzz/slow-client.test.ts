import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { checkAnswer } from './check-answer.ts'
import type { FuzzAnswer } from './fuzz-answer.ts'
import { readHttpResponse } from './read-http-response.ts'
import { sendRawHttp } from './send-raw-http.ts'
import { type FuzzServer, startFuzzServer } from './start-fuzz-server.ts'

// The server's own timeouts are 10 s (headers) and 30 s (request), checked every 30 s by node:
// too slow for a unit test. These are set on the node:http server before it listens, as a user
// of createMockServer may; the behaviour under test (what happens at the timeout) is the same.
const headersTimeoutMs = 1_000
const requestTimeoutMs = 2_000
const checkingIntervalMs = 100
const byteIntervalMs = 200

const auth = `authorization: Bearer ${developmentApiKey}\r\n`
const slowHead = `GET /v1/pets?limit=1 HTTP/1.1\r\nhost: petstore.test\r\n${auth}x-padding: ${'a'.repeat(200)}\r\n\r\n`
const slowBodyHead =
  `POST /v1/pets HTTP/1.1\r\nhost: petstore.test\r\n${auth}content-type: ` +
  `application/json\r\ncontent-length: 500\r\n\r\n`
const slowBody = `{"name":"${'a'.repeat(490)}`

let server: FuzzServer
// One slow client of each kind, started together and shared by the tests that read their outcome.
let slowHeaders: Promise<SlowResult>
let slowBodied: Promise<SlowResult>
beforeAll(async () => {
  server = await startFuzzServer((http) => {
    http.headersTimeout = headersTimeoutMs
    http.requestTimeout = requestTimeoutMs
    // Not in @types/node, but node reads it when the server starts listening.
    Object.assign(http, { connectionsCheckingInterval: checkingIntervalMs })
  })
  slowHeaders = sendSlowly('', slowHead)
  slowBodied = sendSlowly(slowBodyHead, slowBody)
})
afterAll(async () => {
  await Promise.allSettled([slowHeaders, slowBodied])
  await server.mock.close()
})

interface SlowResult {
  answer: FuzzAnswer
  elapsedMs: number
  bytesSent: number
}

/** Sends `fast` at once, then `slow` one byte every `byteIntervalMs`, until the server answers or closes (or 10 s). */
async function sendSlowly(fast: string, slow: string): Promise<SlowResult> {
  const socket = connect({ port: server.port, host: '127.0.0.1' })
  const started = Date.now()
  let bytesSent = 0
  const answer = readHttpResponse(socket, { timeoutMs: scaledMs(10_000) })
  socket.write(fast)
  const timer = setInterval(() => {
    if (bytesSent < slow.length && socket.writable) socket.write(slow[bytesSent++]!)
  }, byteIntervalMs)
  try {
    return { answer: await answer, elapsedMs: Date.now() - started, bytesSent }
  } finally {
    clearInterval(timer)
    socket.destroy()
  }
}

it('drops a client that sends its headers one byte at a time once the headers timeout passes', async () => {
  const { answer, elapsedMs, bytesSent } = await slowHeaders
  expect(bytesSent).toBeLessThan(slowHead.length)
  expect(elapsedMs).toBeGreaterThanOrEqual(headersTimeoutMs - 50)
  expect(elapsedMs).toBeLessThan(headersTimeoutMs + scaledMs(2 * checkingIntervalMs + 1_000))
  // Whatever it says on the way out is an Error body, never a 5xx.
  if (answer.kind === 'response') expect(checkAnswer(answer, { method: 'GET' })).toEqual([])
})

it('drops a client that sends its body one byte at a time once the request timeout passes', async () => {
  const { answer, elapsedMs } = await slowBodied
  expect(elapsedMs).toBeGreaterThanOrEqual(requestTimeoutMs - 50)
  expect(elapsedMs).toBeLessThan(requestTimeoutMs + scaledMs(2 * checkingIntervalMs + 1_000))
  if (answer.kind === 'response') expect(checkAnswer(answer, { method: 'POST' })).toEqual([])
})

it('answers 408 with an Error body to a client too slow with its headers', async () => {
  const { answer } = await slowHeaders
  expect(answer).toMatchObject({ kind: 'response', status: 408 })
  expect(checkAnswer(answer, { method: 'GET' })).toEqual([])
})

it('answers 408 with an Error body to a client too slow with its body', async () => {
  const { answer } = await slowBodied
  expect(answer).toMatchObject({ kind: 'response', status: 408 })
  expect(checkAnswer(answer, { method: 'POST' })).toEqual([])
})

it('keeps answering valid requests while 50 slow clients hold connections open', async () => {
  const slowClients = Array.from({ length: 50 }, () => sendSlowly('', slowHead))
  await new Promise((resolve) => setTimeout(resolve, 300))
  const started = Date.now()
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      sendRawHttp(server.port, Buffer.from(`GET /v1/pets?limit=1 HTTP/1.1\r\nhost: x\r\n${auth}\r\n`), {
        timeoutMs: scaledMs(5_000),
      }),
    ),
  )
  expect(answers.map((answer) => (answer.kind === 'response' ? answer.status : answer.reason))).toEqual(
    Array(10).fill(200),
  )
  expect(Date.now() - started).toBeLessThan(headersTimeoutMs)
  await Promise.all(slowClients)
})

it('sets a headers timeout of at most 10 s and a request timeout of at most 30 s by default', async () => {
  const mock = await startPetStoreServer({ pets: 5 })
  await mock.close()
  expect(mock.server.headersTimeout).toBeGreaterThan(0)
  expect(mock.server.headersTimeout).toBeLessThanOrEqual(10_000)
  expect(mock.server.requestTimeout).toBeGreaterThan(0)
  expect(mock.server.requestTimeout).toBeLessThanOrEqual(30_000)
})
