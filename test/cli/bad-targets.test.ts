import type { ServerResponse } from 'node:http'
import { afterEach, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { type StubServer, startStubServer } from '../support/start-stub-server.ts'

const stubs: Array<StubServer> = []
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()))
})

async function target(handler: Parameters<typeof startStubServer>[0]): Promise<StubServer> {
  const server = await startStubServer(handler)
  stubs.push(server)
  return server
}

async function runAgainst(server: StubServer, ...extra: Array<string>) {
  const run = await runContractProcess([
    '--base-url',
    `${server.url}/v1`,
    '--api-key',
    'bad-target-key-42',
    '--report-dir',
    '/tmp/petstore-bad-targets',
    ...extra,
  ])
  // Whatever the target did: a verdict, never a stack trace or the key.
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
  expect(`${run.stdout}${run.stderr}`).not.toContain('bad-target-key-42')
  return run
}

const send = (
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': type, ...headers })
  response.end(body)
}

it('exits 2 when the connection is reset mid-response', async () => {
  const server = await target((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
    response.write('[{"id":1,')
    setTimeout(() => response.socket?.destroy(), 10)
  })
  const run = await runAgainst(server)
  expect(run.code).toBe(2)
  expect(run.stdout).toMatch(
    /Verdict: TARGET COULD NOT BE JUDGED \(exit 2\): The connection failed while reading the response/,
  )
})

it('exits 2 within seconds when the server never answers', async () => {
  const server = await target(() => {})
  const run = await runAgainst(server, '--timeout-ms', '400')
  expect(run.code).toBe(2)
  expect(run.stderr + run.stdout).toMatch(/no answer within 400 ms|No answer to GET/)
  expect(run.ms).toBeLessThan(scaledMs(20_000))
})

it('waits for the reachability probe as long as --timeout-ms says, beyond 5 s too', async () => {
  const server = await target((request, response) => {
    const answer = () => send(response, 200, 'application/json', '[]')
    if (request.url === '/v1/pets?limit=1') setTimeout(answer, 5_500)
    else answer()
  })
  const run = await runAgainst(server, '--read-only', '--only', 'list_bare_array', '--timeout-ms', '9000')
  expect(run.stderr + run.stdout).not.toContain('unreachable')
  expect(run.code).toBe(0)
  expect(run.ms).toBeGreaterThan(5_500)
})

it('exits 1 when the answers are not JSON', async () => {
  const server = await target((_request, response) => send(response, 200, 'text/plain', 'hello'))
  const run = await runAgainst(server, '--read-only')
  expect(run.code).toBe(1)
  expect(run.stdout).toContain('[json_content_type]')
})

it('exits 1 on an HTML error page from a proxy', async () => {
  const server = await target((_request, response) =>
    send(response, 502, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>'),
  )
  const run = await runAgainst(server, '--read-only')
  expect(run.code).toBe(1)
  expect(run.stdout).toContain('[no_server_error]')
})

it('caps a response of hundreds of MB and exits 1', async () => {
  const chunk = Buffer.alloc(1024 * 1024, 0x20)
  const server = await target((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    let sent = 0
    const pump = (): void => {
      while (sent < 300 && response.write(chunk)) sent++
      if (sent < 300) response.once('drain', pump)
      else response.end()
    }
    response.on('close', () => (sent = 300))
    pump()
  })
  const run = await runAgainst(server, '--read-only', '--only', 'list_bare_array')
  expect(run.code).toBe(1)
  expect(run.stdout).toMatch(/larger than the client reads/)
})

it('exits 1 on a redirect to another origin and never sends the key there', async () => {
  const elsewhere = await target((_request, response) => send(response, 200, 'application/json', '[]'))
  const server = await target((request, response) => {
    response.writeHead(307, { location: `${elsewhere.url}${request.url}` })
    response.end()
  })
  const run = await runAgainst(server, '--read-only')
  expect(run.code).toBe(1)
  expect(run.stdout).toContain('not followed')
  expect(elsewhere.received).toEqual([])
})

it('exits 2 on a 429 storm after bounded retries', async () => {
  const server = await target((_request, response) =>
    send(response, 429, 'application/json', '{}', { 'retry-after': '0' }),
  )
  const run = await runAgainst(server)
  expect(run.code).toBe(2)
  expect(run.stdout + run.stderr).toMatch(/rate limiting: .* still answered 429 after 3 retries/)
  // The reachability probe, the 8 requests in flight when the first 429 came back, and 3 retries at most.
  expect(server.received.length).toBeLessThanOrEqual(1 + 8 + 3)
})
