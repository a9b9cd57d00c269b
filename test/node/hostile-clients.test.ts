import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type ServeProcess, startServeProcess } from '../support/start-serve-process.ts'

// One local client must not lock everyone else out: a fresh client is answered within 1 s while another
// holds thousands of connections, half-sent or idle. Each server runs in a child process, so that its file
// descriptors are its own (and its open-file limit can be lowered), on loopback; every socket opened here
// is closed by the test.

const opened: Array<Socket> = []
let serve: ServeProcess | undefined

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy()
  serve?.child.kill('SIGKILL')
  if (serve) await serve.exited
  serve = undefined
})

/** Opens `count` connections to the server, `batch` at a time, each sending `head` once connected. */
async function openConnections(port: number, count: number, head: string, batch = 500): Promise<number> {
  let connected = 0
  for (let start = 0; start < count; start += batch) {
    const sockets = Array.from({ length: Math.min(batch, count - start) }, () => {
      const socket = connect({ port, host: '127.0.0.1' })
      opened.push(socket)
      // The server may close some of them (the idlest): that is what it should do at its limit.
      socket.on('error', () => {})
      return new Promise<void>((resolve) => {
        socket.once('connect', () => {
          connected++
          if (head) socket.write(head, () => resolve())
          else resolve()
        })
        socket.once('close', () => resolve())
      })
    })
    await Promise.all(sockets)
  }
  return connected
}

/** A fresh client's GET of one pet, on a connection of its own: its status and how long it took. */
function freshGet(baseUrl: string): Promise<{ status: number | string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const call = request(
      `${baseUrl}/pets/1`,
      { agent: false, headers: { authorization: `Bearer ${developmentApiKey}` }, timeout: scaledMs(5_000) },
      (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }))
      },
    )
    call.on('timeout', () => call.destroy(new Error('no answer within the bound')))
    call.on('error', (error) => resolve({ status: error.message, ms: performance.now() - started }))
    call.end()
  })
}

it('answers a fresh client within 1 s while another holds 10,100 POSTs whose bodies never come', {
  timeout: scaledMs(120_000),
}, async () => {
  serve = await startServeProcess(['--port', '0', '--pets', '100'])
  const baseUrl = serve.url as string
  const port = Number(new URL(baseUrl).port)
  const head =
    `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${developmentApiKey}\r\n` +
    'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n'
  expect(await openConnections(port, 10_100, head)).toBe(10_100)
  // The last headers reach the server's parser before the fresh request does.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const fresh = await freshGet(baseUrl)
  expect(fresh.status, serve.output()).toBe(200)
  expect(fresh.ms).toBeLessThan(scaledMs(1_000))
})

it('answers a fresh client within 1 s while another holds 1,100 idle sockets, under ulimit -n 1024', {
  timeout: scaledMs(120_000),
}, async () => {
  serve = await startServeProcess(['--port', '0', '--pets', '100'], { openFiles: 1_024 })
  const baseUrl = serve.url as string
  expect(baseUrl, serve.output()).toBeDefined()
  const port = Number(new URL(baseUrl).port)
  expect(await openConnections(port, 1_100, '')).toBe(1_100)
  await new Promise((resolve) => setTimeout(resolve, 500))
  // Past its limit the server closed the idlest of them rather than failing to accept new ones.
  expect(opened.filter((socket) => socket.destroyed || socket.readyState === 'closed').length).toBeGreaterThan(0)
  for (let i = 0; i < 3; i++) {
    const fresh = await freshGet(baseUrl)
    expect(fresh.status, serve.output()).toBe(200)
    expect(fresh.ms).toBeLessThan(scaledMs(1_000))
  }
})
