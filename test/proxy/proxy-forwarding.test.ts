import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { JournalEntry } from '../../mocks/core/controls/request-journal.ts'
import { parseProxyOrigin } from '../../proxy/proxy-origin.ts'
import { type PetStoreProxy, startPetStoreProxy } from '../../proxy/start-pet-store-proxy.ts'
import { listenOnLoopback } from '../variants/frameworks/listen-on-loopback.ts'

const dir = await mkdtemp(join(tmpdir(), 'proxy-forwarding-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

/** What the deployment got of one request. */
interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

async function startProxy(base: string): Promise<PetStoreProxy> {
  const origins = { pets: parseProxyOrigin('--proxy', `${base}/v1`), messages: parseProxyOrigin('--m', base) }
  return startPetStoreProxy({ origins, reportDir: join(dir, 'reports') })
}

/** A POST with the headers given, as node:http writes them. */
function send(url: string, body: Uint8Array, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

async function journalOf(proxy: PetStoreProxy): Promise<Array<JournalEntry>> {
  // Judging follows the answer: the entry is there once the report has waited for it.
  await proxy.report()
  return (
    (await (await fetch(`${new URL(proxy.baseUrl).origin}/__mock/requests`)).json()) as {
      requests: Array<JournalEntry>
    }
  ).requests
}

it('forwards a request as sent, less the hop-by-hop fields, and returns the answer byte for byte', async () => {
  const received: Array<Received> = []
  const big = Buffer.alloc(6_000_000, 'x')
  const deployment = await listenOnLoopback((request, response) => {
    const chunks: Array<Buffer> = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' })
        response.end(big)
        return
      }
      response.writeHead(400, { 'content-type': 'application/json', 'x-answer': 'kept' })
      response.end('{"code":"invalid_body","message":"No.","status":400}')
    })
  })
  const proxy = await startProxy(deployment.origin)
  try {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])
    // node:http, not fetch: fetch refuses to send Connection and Keep-Alive.
    const answer = await send(`${proxy.baseUrl}/pets?x=%41&x=2`, bytes, {
      authorization: 'Bearer app-key-1',
      'content-type': 'application/json',
      'x-trace': 'a',
      connection: 'keep-alive, x-hop',
      'x-hop': 'dropped',
      'keep-alive': 'timeout=5',
    })
    expect(answer.status).toBe(400)
    expect(answer.headers['x-answer']).toBe('kept')
    expect(answer.body).toBe('{"code":"invalid_body","message":"No.","status":400}')
    const [sent] = received
    expect(sent?.method).toBe('POST')
    expect(sent?.url).toBe('/v1/pets?x=%41&x=2')
    expect([...(sent?.body ?? [])]).toEqual([...bytes])
    expect(sent?.headers).toMatchObject({ authorization: 'Bearer app-key-1', 'x-trace': 'a', 'content-length': '4' })
    expect(sent?.headers.host).toBe(new URL(deployment.origin).host)
    expect(sent?.headers.via).toBe('1.1 petstore-mock')
    expect(sent?.headers['x-hop']).toBeUndefined()
    expect(sent?.headers['keep-alive']).toBeUndefined()

    // Past the client's 5 MB read cap the answer still reaches the app whole, judged on its start.
    const large = await fetch(`${proxy.messagesBaseUrl}/big`)
    expect((await large.arrayBuffer()).byteLength).toBe(big.byteLength)
  } finally {
    await proxy.close()
    await deployment.close()
  }
})

it('refuses a body over 1 MiB unsent, and answers 502 with the reason when the deployment is down', async () => {
  let reached = 0
  const deployment = await listenOnLoopback((_request, response) => {
    reached++
    response.end()
  })
  const proxy = await startProxy(deployment.origin)
  try {
    const tooLarge = await fetch(`${proxy.baseUrl}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'a'.repeat(1024 * 1024 + 10)}"`,
    })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
    expect(reached).toBe(0)
    await deployment.close()

    const down = await fetch(`${proxy.baseUrl}/pets/1`, { headers: { authorization: 'Bearer app-key-1' } })
    expect(down.status).toBe(502)
    const body = (await down.json()) as { code: string; message: string; status: number }
    expect(body).toMatchObject({ code: 'bad_gateway', status: 502 })
    expect(body.message).toContain(`${deployment.origin}/v1 could not be reached`)
    const entry = (await journalOf(proxy)).find((item) => item.path === '/v1/pets/1')
    expect(entry?.status).toBe(502)
    expect(entry?.findings).toEqual([
      { level: 'error', check: 'deployment_answer', message: expect.stringContaining('ECONNREFUSED') },
    ])
  } finally {
    await proxy.close()
  }
})

it('sends a GET again on a fresh connection when a kept-alive one was closed under it, never a POST', async () => {
  const pet = '{"id":1,"name":"Rex","categoryId":1}'
  // Answers the first request of each connection, and closes the connection on the second without a word.
  const server = createNetServer((socket) => {
    socket.on('error', () => {})
    let requests = 0
    socket.on('data', (chunk: Buffer) => {
      for (const _head of chunk.toString('latin1').split('\r\n\r\n').slice(1)) {
        if (++requests > 1) return void socket.destroy()
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${pet.length}\r\n` +
            'keep-alive: timeout=60\r\n\r\n' +
            pet,
        )
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const proxy = await startProxy(origin)
  try {
    const get = () => fetch(`${proxy.baseUrl}/pets/1`, { headers: { authorization: 'Bearer app-key-1' } })
    expect((await get()).status).toBe(200)
    // The kept-alive connection is closed under the second read: it goes again, on a connection of its own.
    expect((await get()).status).toBe(200)
    const post = () =>
      fetch(`${proxy.baseUrl}/pets`, {
        method: 'POST',
        headers: { authorization: 'Bearer app-key-1', 'content-type': 'application/json' },
        body: '{"name":"Rex","categoryId":1}',
      })
    expect((await post()).status).toBe(200)
    const lost = await post()
    expect(lost.status).toBe(502)
    expect(((await lost.json()) as { message: string }).message).toContain('socket hang up')
  } finally {
    await proxy.close()
    server.close()
  }
})
