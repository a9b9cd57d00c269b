import { createServer as createHttpServer } from 'node:http'
import { type AddressInfo, createServer as createNetServer, type Server, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { type RawRequest, rawExchange } from './raw-exchange.ts'
import { parseRawAnswers } from './raw-exchange-parse.ts'

const servers: Array<Server> = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close()
    ;(server as Server & { closeAllConnections?: () => void }).closeAllConnections?.()
  }
})

async function listen(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A server that answers every connection with the given bytes, whatever it is sent. */
const rawServer = (answer: (socket: Socket) => void) =>
  listen(createNetServer((socket) => socket.once('data', () => answer(socket))))

const get = (target: string, ...fields: Array<string>): RawRequest => ({
  method: target.startsWith('HEAD ') ? 'HEAD' : 'GET',
  bytes: Buffer.from(
    [`${target.startsWith('HEAD ') ? target : `GET ${target}`} HTTP/1.1`, 'Host: x', ...fields, '', ''].join('\r\n'),
  ),
})

it('reads a node:http answer with its fields as sent, in order, and the close after Connection: close', async () => {
  const origin = await listen(
    createHttpServer((_request, response) => {
      response.setHeader('X-Twice', ['a', 'b'])
      response.setHeader('Content-Type', 'application/json')
      response.end('{"ok":true}')
    }),
  )
  const outcome = await rawExchange(origin, [get('/v1/pets', 'Connection: close')], {
    timeoutMs: 2_000,
    closeWaitMs: 1_000,
  })
  const [answer] = outcome.answers
  expect(answer?.status).toBe(200)
  expect(answer?.version).toBe('HTTP/1.1')
  expect(answer?.framing).toBe('content-length')
  expect(Buffer.from(answer?.content ?? []).toString()).toBe('{"ok":true}')
  expect(answer?.fields.filter(([name]) => name === 'X-Twice')).toEqual([
    ['X-Twice', 'a'],
    ['X-Twice', 'b'],
  ])
  expect(outcome.closed).toBe(true)
  expect(outcome.restBytes).toBe(0)
})

it('reads pipelined answers in order: chunked, none after HEAD, then a 204', async () => {
  const origin = await listen(
    createHttpServer((request, response) => {
      if (request.url === '/204') return response.writeHead(204).end()
      response.write('part one, ')
      response.end('part two')
    }),
  )
  const outcome = await rawExchange(origin, [get('/a'), get('HEAD /b'), get('/204')], { timeoutMs: 2_000 })
  expect(outcome.answers.map((answer) => [answer.status, answer.framing])).toEqual([
    [200, 'chunked'],
    [200, 'none'],
    [204, 'none'],
  ])
  expect(Buffer.from(outcome.answers[0]?.content ?? []).toString()).toBe('part one, part two')
  expect(outcome.closed).toBe(false)
})

it('reads an answer delimited by the close, and keeps the bytes past a Content-Length too short', async () => {
  const closeDelimited = await rawServer((socket) => socket.end('HTTP/1.0 200 OK\r\n\r\n[1,2,3]'))
  const [answer] = (await rawExchange(closeDelimited, [get('/')], { timeoutMs: 2_000 })).answers
  expect([answer?.version, answer?.framing, Buffer.from(answer?.content ?? []).toString()]).toEqual([
    'HTTP/1.0',
    'close',
    '[1,2,3]',
  ])
  const short = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n[1,2,3]'))
  const outcome = await rawExchange(short, [get('/')], { timeoutMs: 2_000, closeWaitMs: 1_000 })
  expect([outcome.answers.length, outcome.restBytes, outcome.rest]).toEqual([1, 4, '2,3]'])
})

it('says an answer cut short by the close is incomplete', async () => {
  const origin = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 30\r\n\r\n[1,2'))
  const outcome = await rawExchange(origin, [get('/')], { timeoutMs: 2_000 })
  expect(outcome.answers[0]?.complete).toBe(false)
  expect(outcome.closed).toBe(true)
})

it('stops at its timeout when no answer comes, and at its byte cap', async () => {
  const silent = await rawServer(() => {})
  const started = performance.now()
  const outcome = await rawExchange(silent, [get('/')], { timeoutMs: 300 })
  expect(outcome.timedOut).toBe(true)
  expect(outcome.answers).toEqual([])
  expect(performance.now() - started).toBeLessThan(scaledMs(1_500))
  const endless = await rawServer((socket) => {
    socket.write('HTTP/1.1 200 OK\r\n\r\n')
    const timer = setInterval(() => socket.write(Buffer.alloc(16_384, 97)), 1)
    socket.once('close', () => clearInterval(timer))
    socket.once('error', () => clearInterval(timer))
  })
  const capped = await rawExchange(endless, [get('/')], { timeoutMs: 5_000, maxBytes: 65_536 })
  expect(capped.capped).toBe(true)
  expect(capped.timedOut).toBe(false)
})

it('says a connection refused is closed, with why', async () => {
  const origin = await rawServer(() => {})
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
  const outcome = await rawExchange(origin, [get('/')], { timeoutMs: 2_000 })
  expect(outcome.closed).toBe(true)
  expect(outcome.error).toBe('ECONNREFUSED')
})

it('keeps interim answers with the final one and skips a chunked trailer', () => {
  const bytes = Buffer.from(
    'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n' +
      '2\r\n{}\r\n0\r\nX: 1\r\n\r\n',
  )
  const { answers, rest } = parseRawAnswers(bytes, ['POST'], false)
  expect(answers.map((answer) => [answer.interim, answer.status, Buffer.from(answer.content).toString()])).toEqual([
    [[100], 201, '{}'],
  ])
  expect(rest.length).toBe(0)
})

it('keeps the trailer section of a chunked answer, and reads no content after a 2xx to CONNECT', () => {
  const chunked = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nCache-Control: no-store\r\n\r\n'
  const [answer] = parseRawAnswers(Buffer.from(chunked), ['GET'], false).answers
  expect(answer?.trailers).toEqual([['Cache-Control', 'no-store']])
  const tunnel = parseRawAnswers(Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n'), ['CONNECT'], false)
  expect(tunnel.answers[0]?.complete).toBe(true)
})

it('writes a request in two parts with a pause between, and says when the first answer byte came', async () => {
  const seen: Array<number> = []
  const origin = await listen(
    createNetServer((socket) => {
      let buffer = ''
      socket.on('data', (chunk) => {
        seen.push(chunk.length)
        buffer += chunk
        if (buffer.endsWith('\r\n\r\n')) socket.end('HTTP/1.1 204 No Content\r\n\r\n')
      })
    }),
  )
  const request = get('/', 'Authorization: Bearer k')
  const offset = Buffer.from(request.bytes).indexOf('Authorization')
  const outcome = await rawExchange(origin, [{ ...request, pause: { offset, ms: 200 } }], {
    timeoutMs: scaledMs(5_000),
  })
  expect(seen.length).toBe(2)
  expect(outcome.answers[0]?.status).toBe(204)
  expect(outcome.firstByteMs).toBeGreaterThanOrEqual(200)
  expect(outcome.answeredInPause).toBeUndefined()
})

it('says an answer came while the rest of a paused request was unwritten, whatever the pause took', async () => {
  const origin = await listen(
    createNetServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n'))
    }),
  )
  const request = get('/', 'Authorization: Bearer k')
  const offset = Buffer.from(request.bytes).indexOf('Authorization')
  const outcome = await rawExchange(origin, [{ ...request, pause: { offset, ms: 300 } }], {
    timeoutMs: scaledMs(5_000),
  })
  expect(outcome.answers[0]?.status).toBe(401)
  expect(outcome.answeredInPause).toBe(true)
})
