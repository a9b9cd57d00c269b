import { mkdtemp, rm } from 'node:fs/promises'
import { type IncomingMessage, request, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, expect, it } from 'vitest'
import { parseProxyOrigin } from '../../proxy/proxy-origin.ts'
import { startPetStoreProxy } from '../../proxy/start-pet-store-proxy.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type ServeProcess, startServeProcess } from '../support/start-serve-process.ts'
import { listenOnLoopback } from '../variants/frameworks/listen-on-loopback.ts'

// A slow deployment must not starve the app's other requests, nor lock out a new client or the admin page. Every
// server here is on loopback, every socket opened is closed, every wait bounded.

const dir = await mkdtemp(join(tmpdir(), 'proxy-fairness-'))
const opened: Array<Socket> = []
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy()
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const pet = '{"id":1,"name":"Rex","categoryId":1}'

/** A deployment that holds every `/v1/pets/slow` request until its client goes and answers anything else at once. */
async function startSlowDeployment() {
  let held = 0
  const holding = new Set<ServerResponse>()
  const deployment = await listenOnLoopback((incoming: IncomingMessage, response: ServerResponse) => {
    if (incoming.url === '/v1/pets/slow') {
      held++
      holding.add(response)
      response.on('close', () => holding.delete(response))
      return
    }
    response.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() })
    response.end(pet)
  })
  cleanups.push(async () => {
    for (const response of holding) response.destroy()
    await deployment.close()
  })
  return { ...deployment, held: () => held }
}

/** Opens `count` connections, 240 at a time, each sending one GET for `path` that the deployment holds. */
async function openHolders(port: number, count: number, path: string): Promise<Array<{ answered: boolean }>> {
  const holders: Array<{ answered: boolean }> = []
  for (let start = 0; start < count; start += 240) {
    const batch = Array.from({ length: Math.min(240, count - start) }, () => {
      const socket = connect({ port, host: '127.0.0.1' })
      opened.push(socket)
      const holder = { answered: false }
      holders.push(holder)
      socket.on('error', () => {})
      socket.on('data', () => {
        holder.answered = true
      })
      return new Promise<void>((resolve) => {
        socket.once('connect', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer fair-key-1\r\n\r\n`, () =>
            resolve(),
          ),
        )
        socket.once('close', () => resolve())
      })
    })
    await Promise.all(batch)
  }
  return holders
}

/** One request on a connection of its own: its status and Retry-After (or why it got none), and how long it took. */
function fresh(url: string): Promise<{ status: number | string; retryAfter?: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const headers = { authorization: 'Bearer fair-key-1' }
    const call = request(url, { agent: false, headers, timeout: scaledMs(20_000) }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          ms: performance.now() - started,
        }),
      )
    })
    call.on('timeout', () => call.destroy(new Error('no answer in time')))
    call.on('error', (error) => resolve({ status: error.message, ms: performance.now() - started }))
    call.end()
  })
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
}

it('answers a fast request within a second while 140 slow ones are in flight to the deployment', async () => {
  const deployment = await startSlowDeployment()
  const origins = {
    pets: parseProxyOrigin('--proxy', `${deployment.origin}/v1`),
    messages: parseProxyOrigin('--messages-proxy', deployment.origin),
  }
  const proxy = await startPetStoreProxy({ origins, reportDir: join(dir, 'fast') })
  cleanups.push(() => proxy.close())
  await openHolders(Number(new URL(proxy.baseUrl).port), 140, '/v1/pets/slow')
  await until(() => deployment.held() === 140, scaledMs(10_000))
  expect(deployment.held()).toBe(140)
  const fast = await fresh(`${proxy.baseUrl}/pets/1`)
  expect(fast.status).toBe(200)
  expect(fast.ms).toBeLessThan(scaledMs(1_000))
})

let serve: ServeProcess | undefined
afterEach(async () => {
  serve?.child.kill('SIGKILL')
  if (serve) await serve.exited
  serve = undefined
})

it('answers the admin API and a new client at once while 1,000 connections hold requests, under ulimit -n 1024', {
  timeout: scaledMs(180_000),
}, async () => {
  const deployment = await startSlowDeployment()
  serve = await startServeProcess(
    ['--port', '0', '--proxy', `${deployment.origin}/v1`, '--report-dir', join(dir, 'held')],
    { openFiles: 1_024 },
  )
  const baseUrl = serve.url as string
  expect(baseUrl, serve.output()).toBeDefined()
  const holders = await openHolders(Number(new URL(baseUrl).port), 1_000, '/v1/pets/slow')
  // The proxy forwards what its share of the file limit allows, and answers the rest 503 at once.
  await until(() => deployment.held() > 200 && holders.filter((holder) => holder.answered).length > 0, scaledMs(10_000))
  const held = deployment.held()
  expect(held).toBeGreaterThan(200)
  expect(held).toBeLessThan(400)
  const origin = new URL(baseUrl).origin
  for (let attempt = 0; attempt < 3; attempt++) {
    const admin = await fresh(`${origin}/__mock/requests`)
    expect(admin.status, serve.output().slice(-2_000)).toBe(200)
    expect(admin.ms).toBeLessThan(scaledMs(2_000))
    // A new client gets a connection and an answer at once: 503 with Retry-After while every place is held.
    const client = await fresh(`${baseUrl}/pets/1`)
    expect([200, 503]).toContain(client.status)
    if (client.status === 503) expect(client.retryAfter).toBe('1')
    expect(client.ms).toBeLessThan(scaledMs(2_000))
  }
  // Once the holders go, the same new client is served by the deployment.
  for (const socket of opened.splice(0)) socket.destroy()
  await until(() => false, scaledMs(500))
  expect((await fresh(`${baseUrl}/pets/1`)).status).toBe(200)
})

it('forwards one request of a connection at a time: a pipelining client holds one place, in order', async () => {
  let inFlight = 0
  let most = 0
  const deployment = await listenOnLoopback((incoming, response) => {
    inFlight++
    most = Math.max(most, inFlight)
    setTimeout(() => {
      inFlight--
      response.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() })
      response.end(`{"id":${incoming.url?.split('/').at(-1)},"name":"Rex","categoryId":1}`)
    }, 50)
  })
  cleanups.push(() => deployment.close())
  const origins = {
    pets: parseProxyOrigin('--proxy', `${deployment.origin}/v1`),
    messages: parseProxyOrigin('--messages-proxy', deployment.origin),
  }
  const proxy = await startPetStoreProxy({ origins, reportDir: join(dir, 'pipelined') })
  cleanups.push(() => proxy.close())
  const socket = connect({ port: Number(new URL(proxy.baseUrl).port), host: '127.0.0.1' })
  opened.push(socket)
  const requests = [1, 2, 3, 4]
    .map((id) => `GET /v1/pets/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer fair-key-1\r\n\r\n`)
    .join('')
  let received = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk) => {
    received += chunk
  })
  socket.write(requests)
  await until(() => (received.match(/HTTP\/1\.1 200 /g) ?? []).length === 4, scaledMs(10_000))
  expect([...received.matchAll(/"id":(\d+)/g)].map((match) => match[1])).toEqual(['1', '2', '3', '4'])
  expect(most).toBe(1)
})
