import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sendRawHttp } from './send-raw-http.ts'

// A server that answers every connection with the canned bytes of the test, then waits or closes.
let reply: { bytes: string; close: boolean } = { bytes: '', close: true }
let server: Server
let port: number
beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('error', () => {})
    socket.once('data', () => (reply.close ? socket.end(reply.bytes) : socket.write(reply.bytes)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const ask = (bytes: string, close = false, head = false) => {
  reply = { bytes, close }
  return sendRawHttp(port, Buffer.from('GET / HTTP/1.1\r\n\r\n'), { head, timeoutMs: 500 })
}

it('reads a Content-Length body without waiting for the connection to close', async () => {
  expect(
    await ask('HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'),
  ).toEqual({
    kind: 'response',
    status: 400,
    headers: { 'content-type': 'application/json', 'content-length': '2' },
    body: '{}',
  })
})

it('reads a chunked body, as node:http sends its own answers', async () => {
  expect(
    await ask('HTTP/1.1 417 Expectation Failed\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n'),
  ).toMatchObject({ status: 417, body: 'abc' })
})

it('skips a 100 Continue and reads the final answer', async () => {
  expect(await ask('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n')).toMatchObject({
    status: 201,
    body: '',
  })
})

it('reads headers only for HEAD, whatever Content-Length says', async () => {
  expect(await ask('HTTP/1.1 200 OK\r\nContent-Length: 59\r\n\r\n', false, true)).toMatchObject({
    status: 200,
    body: '',
  })
})

it('reads a body without length up to the close', async () => {
  expect(await ask('HTTP/1.1 200 OK\r\n\r\nall of it', true)).toMatchObject({ status: 200, body: 'all of it' })
})

it('joins repeated headers as a Fetch Headers object would', async () => {
  expect(await ask('HTTP/1.1 200 OK\r\nVary: a\r\nVary: b\r\nContent-Length: 0\r\n\r\n')).toMatchObject({
    headers: { vary: 'a, b' },
  })
})

it.each([
  ['a close without a byte', '', true, 'connection closed without a response'],
  ['a close mid-head', 'HTTP/1.1 200 OK\r\nContent-Le', true, 'connection closed mid-head'],
  ['a close mid-body', 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc', true, 'after 3 of 10 body bytes'],
  ['something that is not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n', true, 'not an HTTP response'],
  ['silence', '', false, 'no complete answer within 500 ms'],
])('reports %s as no answer', async (_case, bytes, close, reason) => {
  const answer = await ask(bytes, close)
  expect(answer.kind).toBe('no-answer')
  if (answer.kind === 'no-answer') expect(answer.reason).toContain(reason)
})
