import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, expect, it } from 'vitest'
import type { JournalEntry } from '../../mocks/core/controls/request-journal.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type ServeProcess, startServeProcess } from '../support/start-serve-process.ts'

// A proxy sits in front of deployments that misbehave by design. Each path below gets one hostile answer from a
// node:net server on loopback; the proxy (a child process, as `petstore-mock --proxy` runs) must stay up, answer
// the app every time within its deadline, and name the fault in its journal and reports.

const dir = await mkdtemp(join(tmpdir(), 'proxy-hostile-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

const pet = '{"id":1,"name":"Rex","categoryId":1}'
const head = (status: string, fields: Array<string>, body = ''): string => {
  const lines = [...fields, `content-length: ${Buffer.byteLength(body, 'latin1')}`]
  return `HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n${body}`
}
const json = 'content-type: application/json'

/** 1 GiB of spaces, gzipped: 1,024 gzip members of 1 MiB each, one kept in memory, written one after another. */
const bombMember = gzipSync(Buffer.alloc(1024 * 1024, 0x20))
const bombMembers = 1_024

/** What the deployment does on each path; each writes to the socket it got, as bytes. */
const hostile: Record<string, (socket: Socket) => void> = {
  // A control byte in the reason phrase: node cannot write it on.
  '/v1/pets/1': (socket) => socket.write(head('200 O\x01K', [json], pet), 'latin1'),
  // A switch to another protocol nobody asked for, then silence.
  '/v1/pets/2': (socket) =>
    socket.write(head('101 Switching Protocols', ['upgrade: websocket', 'connection: upgrade'])),
  // Interim answers without end, never a final one.
  '/v1/pets/3': (socket) => {
    const timer = setInterval(() => socket.writable && socket.write('HTTP/1.1 102 Processing\r\n\r\n'), 50)
    socket.once('close', () => clearInterval(timer))
  },
  // A status line out of the grammar.
  '/v1/pets/4': (socket) => socket.write(head('2OO OK', [json], pet)),
  // A body without end: chunks as fast as the proxy takes them.
  '/v1/pets/5': (socket) => {
    socket.write(`HTTP/1.1 200 OK\r\n${json}\r\ntransfer-encoding: chunked\r\n\r\n`)
    const chunk = Buffer.from(`10000\r\n${' '.repeat(0x10000)}\r\n`)
    let written = 0
    const pump = (): void => {
      // Bounded: 4 GiB at most, should the proxy never cut it.
      while (socket.writable && written++ < 65_536) if (!socket.write(chunk)) return void socket.once('drain', pump)
    }
    pump()
  },
  // A gzip bomb: about 1 MB on the wire, 1 GiB once decoded.
  '/v1/pets/6': (socket) => {
    const length = bombMember.length * bombMembers
    socket.write(`HTTP/1.1 200 OK\r\n${json}\r\ncontent-encoding: gzip\r\ncontent-length: ${length}\r\n\r\n`)
    let written = 0
    const pump = (): void => {
      while (socket.writable && written < bombMembers) {
        written++
        if (!socket.write(bombMember)) return void socket.once('drain', pump)
      }
    }
    pump()
  },
  // A control byte in a field value.
  '/v1/pets/7': (socket) => socket.write(head('200 OK', [json, 'x-note: a\x01b'], pet), 'latin1'),
}

/** The hostile deployment: each request's path picks its answer; connections counted and closed at the end. */
async function startHostile() {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      for (let end = received.indexOf('\r\n\r\n'); end !== -1; end = received.indexOf('\r\n\r\n')) {
        const path = received.slice(0, end).split(' ')[1] ?? ''
        received = received.slice(end + 4)
        const answer = hostile[path]
        if (answer) answer(socket)
        else socket.write(head('404 Not Found', [json], '{"code":"not_found","message":"No.","status":404}'))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** What the app got: a status (and how many body bytes, and whether the body ended), or why it got none. */
interface AppGot {
  status: number | string
  interim: Array<number>
  bytes: number
  ended: boolean
}

/** One GET as an app sends it, the body read and counted, never decoded; bounded by `ms`. */
function appGet(url: string, ms: number): Promise<AppGot> {
  return new Promise((resolve) => {
    const got: AppGot = { status: 'no answer', interim: [], bytes: 0, ended: false }
    const sent = httpRequest(url, { agent: false, headers: { authorization: 'Bearer hostile-test-key-1' } })
    sent.on('information', ({ statusCode }) => got.interim.push(statusCode))
    sent.on('response', (response) => {
      got.status = response.statusCode ?? 0
      response.on('data', (chunk: Buffer) => {
        got.bytes += chunk.byteLength
      })
      response.on('end', () => {
        got.ended = true
      })
      response.on('close', () => resolve(got))
      response.on('error', () => {})
    })
    sent.on('error', (error) => {
      if (got.status === 'no answer') got.status = error.message
      resolve(got)
    })
    sent.setTimeout(ms, () => sent.destroy(new Error(`no answer within ${ms} ms`)))
    sent.end()
  })
}

async function alive(proxy: ServeProcess, origin: string): Promise<boolean> {
  if (proxy.child.exitCode !== null || proxy.child.signalCode !== null) return false
  const journal = await fetch(`${origin}/__mock/requests`).catch(() => undefined)
  return journal?.status === 200
}

it('stays up under every hostile answer, answers the app each time, and names each fault', {
  timeout: scaledMs(180_000),
}, async () => {
  const deployment = await startHostile()
  const timeoutSeconds = Math.ceil(scaledMs(3_000) / 1_000)
  const reportDir = join(dir, 'reports')
  const proxy = await startServeProcess(
    [
      ...['--port', '0', '--proxy', `${deployment.origin}/v1`, '--report-dir', reportDir],
      ...['--deployment-timeout', String(timeoutSeconds)],
    ],
    { env: { PETSTORE_API_KEY: '' } },
  )
  try {
    expect(proxy.url, proxy.output()).toBeDefined()
    const base = proxy.url as string
    const origin = new URL(base).origin
    // The app's own bound: the proxy's deadline, and time to spare.
    const bound = timeoutSeconds * 1_000 + scaledMs(10_000)
    const got = Object.fromEntries(
      await Promise.all(
        Object.keys(hostile).map(async (path) => {
          const answer = await appGet(`${base}${path.slice(3)}`, bound)
          expect(await alive(proxy, origin), `${path}: ${proxy.output()}`).toBe(true)
          return [path, answer] as const
        }),
      ),
    )
    expect(got['/v1/pets/1']).toMatchObject({ status: 502, ended: true })
    expect(got['/v1/pets/2']).toMatchObject({ status: 502, ended: true })
    // Interim answers are passed on (RFC 9110 section 15.2), a few of them; the deadline ends the wait.
    expect(got['/v1/pets/3']).toMatchObject({ status: 504, ended: true })
    expect(got['/v1/pets/3']?.interim.length).toBeGreaterThan(0)
    expect(got['/v1/pets/3']?.interim.length).toBeLessThanOrEqual(8)
    expect(got['/v1/pets/4']).toMatchObject({ status: 502, ended: true })
    // The endless body reached the app past the 5 MB the proxy judges, then was cut at the deadline.
    expect(got['/v1/pets/5']).toMatchObject({ status: 200, ended: false })
    expect(got['/v1/pets/5']?.bytes).toBeGreaterThan(5_000_000)
    // The bomb passed through as it came, byte for byte, and was judged within the 5 MB the client reads.
    expect(got['/v1/pets/6']).toMatchObject({ status: 200, ended: true, bytes: bombMember.length * bombMembers })
    expect(got['/v1/pets/7']).toMatchObject({ status: 502, ended: true })

    const journal = (await (await fetch(`${origin}/__mock/requests`)).json()) as { requests: Array<JournalEntry> }
    const findingsOf = (path: string): string =>
      (journal.requests.find((entry) => entry.path === path)?.findings ?? [])
        .map(({ level, check, message }) => `${level} ${check}: ${message}`)
        .join('\n')
    const faults: Record<string, RegExp> = {
      '/v1/pets/1': /violation answer_message_syntax: .*reason phrase holds a control character.*O\\x01K/,
      '/v1/pets/2': /violation unrequested_upgrade: .*101 Switching Protocols.*asked for no upgrade/,
      '/v1/pets/3': new RegExp(
        `error deployment_answer: no whole answer within ${timeoutSeconds} s \\(only \\d+ interim`,
      ),
      '/v1/pets/4': /violation answer_message_syntax: .*no valid status code.*2OO OK/,
      '/v1/pets/5': new RegExp(`error deployment_answer: the body did not end within ${timeoutSeconds} s`),
      '/v1/pets/6': /violation response_schema_conformance: The body is larger than the client reads/,
      '/v1/pets/7': /violation answer_message_syntax: .*character the grammar does not allow.*a\\x01b/,
    }
    for (const [path, fault] of Object.entries(faults)) expect(findingsOf(path), path).toMatch(fault)

    proxy.child.kill('SIGTERM')
    const [code] = await proxy.exited
    expect(code, proxy.output()).toBe(1)
    const report = JSON.parse(await readFile(join(reportDir, 'contract-report.json'), 'utf8'))
    const reproduced = report.reproduce.map((item: { check: string; message: string }) => item.check)
    expect(reproduced).toEqual(
      expect.arrayContaining(['answer_message_syntax', 'unrequested_upgrade', 'response_schema_conformance']),
    )
    const titles = report.scenarios.map((scenario: { title: string; reason?: string }) => scenario.title)
    expect(titles).toContain('getPet (GET /pets/{petId}): an answer that is not HTTP the proxy can pass on')
    const reasons = report.scenarios.map((scenario: { reason?: string }) => scenario.reason ?? '').join('\n')
    expect(reasons).toMatch(/no whole answer within \d+ s \(only \d+ interim/)
    expect(reasons).toMatch(/the body did not end within \d+ s/)
  } finally {
    if (proxy.child.exitCode === null) proxy.child.kill('SIGKILL')
    await deployment.close()
  }
})

it('passes an interim answer on and judges the final one: an unasked 103 is no fault', async () => {
  const early = await (async () => {
    const server = createServer((socket) => {
      socket.on('error', () => {})
      socket.once('data', () => {
        socket.write('HTTP/1.1 103 Early Hints\r\nlink: </style.css>; rel=preload\r\n\r\n')
        const date = new Date().toUTCString()
        socket.write(
          head(
            '200 OK',
            [json, `date: ${date}`, 'deprecation: @1767225600', 'sunset: Thu, 05 Dec 2030 00:00:00 GMT'],
            pet,
          ),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  })()
  const proxy = await startServeProcess(['--port', '0', '--proxy', `${early.origin}/v1`, '--report-dir', dir])
  try {
    const got = await appGet(`${proxy.url}/pets/1`, scaledMs(10_000))
    expect(got).toMatchObject({ status: 200, interim: [103], ended: true })
    const origin = new URL(proxy.url as string).origin
    const journal = (await (await fetch(`${origin}/__mock/requests`)).json()) as { requests: Array<JournalEntry> }
    expect(journal.requests[0]?.findings).toEqual([])
  } finally {
    proxy.child.kill('SIGKILL')
    await proxy.exited
    early.server.close()
  }
})
