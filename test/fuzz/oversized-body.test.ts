import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { maxBodyBytes } from '../../mocks/core/operation-request.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { checkAnswer } from './check-answer.ts'
import type { FuzzAnswer } from './fuzz-answer.ts'
import { readHttpResponse } from './read-http-response.ts'
import { sendRawHttp } from './send-raw-http.ts'
import { settledMemory } from './settled-memory.ts'
import { type FuzzServer, startFuzzServer } from './start-fuzz-server.ts'

const MiB = 1024 * 1024
const streamedBytes = 50 * MiB
// The server may take the cap, a chunk, and what loopback socket buffers hold before it answers;
// a server that buffered the body would take (and keep) all 50 MiB.
const earlyBound = 12 * MiB
const rssBound = 24 * MiB
const head = (framing: string) =>
  `POST /v1/pets HTTP/1.1\r\nhost: petstore.test\r\nauthorization: Bearer ${developmentApiKey}\r\ncontent-type: ` +
  `application/json\r\n${framing}\r\n\r\n`

let server: FuzzServer
beforeAll(async () => {
  server = await startFuzzServer()
})
afterAll(() => server.mock.close())

interface StreamResult {
  answer: FuzzAnswer
  /** Body bytes written when the answer arrived (or when writing stopped). */
  sentWhenAnswered: number
  rssPeakGrowth: number
}

/** Streams a body slowly in chunks (no Content-Length) and stops as soon as an answer comes, or at `total`. */
async function streamChunked(total: number): Promise<StreamResult> {
  const rssBefore = (await settledMemory()).rss
  const socket = connect({ port: server.port, host: '127.0.0.1' })
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20)
  let sent = 0
  let answered = false
  let sentWhenAnswered = -1
  const answer = readHttpResponse(socket, { timeoutMs: scaledMs(20_000) }).then((value) => {
    answered = true
    sentWhenAnswered = sent
    return value
  })
  try {
    socket.write(head('transfer-encoding: chunked'))
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    const framed = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
    const deadline = Date.now() + scaledMs(20_000)
    while (!answered && sent < total && !socket.destroyed && Date.now() < deadline) {
      const flushed = socket.write(framed)
      sent += chunk.byteLength
      // A pause after every chunk (and a wait whenever the socket asks to drain) lets the server read
      // each chunk before the next: the answer has to come mid-upload, not after the last byte.
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (!flushed && !answered)
        await Promise.race([waitDrain(socket), answer, new Promise((resolve) => setTimeout(resolve, 1000))])
    }
    return {
      answer: await answer,
      sentWhenAnswered: sentWhenAnswered === -1 ? sent : sentWhenAnswered,
      rssPeakGrowth: rssPeak - rssBefore,
    }
  } finally {
    clearInterval(sampler)
    socket.destroy()
  }
}

function waitDrain(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('drain', resolve)
    socket.once('close', resolve)
  })
}

function expectPayloadTooLarge(answer: FuzzAnswer): void {
  expect(checkAnswer(answer, { method: 'POST' })).toEqual([])
  expect(answer).toMatchObject({ kind: 'response', status: 413 })
  if (answer.kind === 'response')
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', status: 413 })
}

async function expectStillAnswering(): Promise<void> {
  const answer = await sendRawHttp(
    server.port,
    Buffer.from(`GET /v1/pets?limit=1 HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${developmentApiKey}\r\n\r\n`),
  )
  expect(answer).toMatchObject({ kind: 'response', status: 200 })
}

it('stops reading a 50 MiB chunked body soon after 1 MiB, RSS not growing by the body, and answers on', async () => {
  const { answer, sentWhenAnswered, rssPeakGrowth } = await streamChunked(streamedBytes)
  // Either the 413 arrived or the connection was cut (see the next test): both end the upload early.
  if (answer.kind === 'response') expectPayloadTooLarge(answer)
  expect(sentWhenAnswered).toBeGreaterThan(maxBodyBytes)
  expect(sentWhenAnswered).toBeLessThan(earlyBound)
  expect(rssPeakGrowth).toBeLessThan(rssBound)
  await expectStillAnswering()
})

it('delivers the 413 to a fetch client that is still streaming its 50 MiB body', async () => {
  const outcomes: Array<string> = []
  for (let attempt = 0; attempt < 5; attempt++) {
    let pulled = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x61)
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (pulled >= streamedBytes) return controller.close()
        pulled += chunk.byteLength
        await new Promise((resolve) => setTimeout(resolve, 1))
        controller.enqueue(chunk)
      },
    })
    const init = {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' },
    }
    try {
      const response = await fetch(`${server.baseUrl}/pets`, init as RequestInit)
      outcomes.push(`${response.status} ${(await response.json()).code}`)
    } catch (error) {
      // The mock destroys the socket right after the 413 with request bytes unread: the kernel
      // resets the connection, and a client still writing loses the answer.
      outcomes.push(`fetch failed: ${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`)
    }
    expect(pulled).toBeLessThan(earlyBound)
  }
  expect(outcomes).toEqual(Array(5).fill('413 payload_too_large'))
})

it('answers 413 at once to Content-Length: 100000000 when only a few bytes follow', async () => {
  const socket = connect({ port: server.port, host: '127.0.0.1' })
  try {
    const started = Date.now()
    const answer = readHttpResponse(socket, { timeoutMs: scaledMs(5_000) })
    socket.write(`${head('content-length: 100000000')}{"name":"`)
    expectPayloadTooLarge(await answer)
    // Long before 100 MB could have been sent, and long before any server timeout.
    expect(Date.now() - started).toBeLessThan(2_000)
  } finally {
    socket.destroy()
  }
  await expectStillAnswering()
})

it('closes the connection after a 413 instead of reading the rest of the body', async () => {
  const socket = connect({ port: server.port, host: '127.0.0.1' })
  try {
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
    const answer = readHttpResponse(socket, { timeoutMs: scaledMs(5_000) })
    socket.write(`${head('content-length: 100000000')}{"name":"`)
    expectPayloadTooLarge(await answer)
    const answeredAt = Date.now()
    expect(
      (await Promise.race([
        closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), scaledMs(3_000))),
      ])) - answeredAt,
    ).toBeLessThan(3_000)
  } finally {
    socket.destroy()
  }
})

it('answers 413 in-process to a 50 MiB streamed body after pulling little more than 1 MiB of it', async () => {
  const mock = await createPetStoreMock({ seed: 1 })
  const chunk = new Uint8Array(64 * 1024).fill(0x61)
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= streamedBytes) return controller.close()
      pulled += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  const init = {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' },
  }
  const response = await mock.fetch('http://petstore.test/v1/pets', init as RequestInit)
  expect(response.status).toBe(413)
  expect(await response.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
  expect(pulled).toBeLessThan(4 * MiB)
})
