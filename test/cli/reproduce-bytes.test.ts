import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { type AddressInfo, createServer as createNetServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ContractClient } from '../../contract-tests/client/contract-client.ts'
import { placeBodyFiles, writeBodyFiles } from '../../contract-tests/reports/body-files.ts'
import { curlCommand } from '../../contract-tests/reports/curl-command.ts'
import { redact } from '../../contract-tests/reports/redact.ts'
import { runSecrets } from '../../contract-tests/run/run-secrets.ts'
import type { CallOptions } from '../../contract-tests/shared/contract-caller.ts'
import type { Exchange } from '../../contract-tests/shared/exchange.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import type { ScenarioResult } from '../../contract-tests/shared/scenario-result.ts'
import type { OperationId } from '../../spec/types.ts'
import { runInShell } from '../support/run-in-shell.ts'

// A key whose characters a shell would read: it must reach the target from the environment, never from the line.
const key = "sk-repro'$HOME`id`\\Key-0123456789"

/** A request as node's HTTP parser read it: what a reproduce line must send alike. */
interface Received {
  method: string
  target: string
  headers: Record<string, string>
  chunked: boolean
  body: string
}

const received: Array<Received> = []
const connections: Array<string> = []
const servers: Array<Server> = []
let httpOrigin = ''
let wireOrigin = ''

function listen(server: Server): Promise<string> {
  servers.push(server)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )
}

async function receive(request: IncomingMessage): Promise<Received> {
  const chunks: Array<Buffer> = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const headers: Record<string, string> = {}
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    headers[(request.rawHeaders[i] as string).toLowerCase()] = request.rawHeaders[i + 1] as string
  return {
    method: request.method ?? '',
    target: request.url ?? '',
    headers,
    chunked: request.headers['transfer-encoding'] === 'chunked',
    body: Buffer.concat(chunks).toString('hex'),
  }
}

beforeAll(async () => {
  httpOrigin = await listen(
    createHttpServer((request, response) => {
      void receive(request).then((got) => {
        received.push(got)
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    }),
  )
  // Keeps every byte of each connection; once it goes quiet (or the client ends its side), answers each request.
  wireOrigin = await listen(
    createNetServer((socket) => {
      let bytes = ''
      let timer: NodeJS.Timeout | undefined
      const answer = () => {
        clearTimeout(timer)
        if (socket.writableEnded) return
        connections.push(bytes)
        const count = bytes.match(/(?:GET|POST|HEAD) \S+ HTTP\/1\.[01]\r\n/g)?.length ?? 0
        socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}'.repeat(count))
      }
      socket.on('data', (chunk) => {
        bytes += chunk.toString('latin1')
        clearTimeout(timer)
        timer = setTimeout(answer, 150)
      })
      socket.on('end', answer)
      socket.on('error', () => {})
    }),
  )
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

const clientOf = (origin: string) =>
  new ContractClient({ baseUrl: `${origin}/v1`, messagesBaseUrl: origin, apiKey: key })
const reproduceLine = (exchange: Exchange) => curlCommand(redact(exchange.request, runSecrets(key)))

const notUtf8 = Buffer.concat([Buffer.from('{"name":"R'), Buffer.from([0xff, 0xfe]), Buffer.from('x"}')])
const runs = new Uint8Array(
  Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(65_536, 'x'), Buffer.alloc(100, ' '), Buffer.alloc(64, 0xff)]),
)
const sent: Array<[what: string, operationId: OperationId, options: CallOptions]> = [
  ['a number with a leading zero', 'createPet', { body: '{"name":"Rex","extra":01}' }],
  [
    'a raw control character, CR LF, a tab, quotes, backslashes',
    'createPet',
    { body: '{"name":"R\u0001\r\n\t\'\\\\"}' },
  ],
  ['letters past ASCII and a character past the BMP', 'createPet', { body: '{"name":"Zoë Ñandú 𠀋"}' }],
  ['bytes that are not UTF-8', 'createPet', { bodyBytes: new Uint8Array(notUtf8), body: '{"name":"R\\xFF\\xFEx"}' }],
  ['a chunked body', 'createPet', { json: { name: 'Rex' }, chunked: true }],
  ['a body of 40 KB', 'createPet', { json: { name: 'x'.repeat(40_000) } }],
  ['runs of 64 KB of a letter, of spaces and of a byte past ASCII', 'createPet', { bodyBytes: runs, body: 'runs' }],
  ['HEAD', 'listPets', { method: 'HEAD' }],
  [
    'a target fetch rewrites',
    'listPets',
    { query: 'a=1 2&b=[3]&c=%7e', rewriteUrl: (url) => url.replace('/pets', '/./pets') },
  ],
  [
    'the scheme in lower case, two spaces, an empty field',
    'listPets',
    {
      authorization: (apiKey) => `bearer  ${apiKey}`,
      headers: { 'x-empty': '' },
    },
  ],
  ['a POST without a body', 'sendMessage', {}],
]

it.each(sent)(
  'sends %s again exactly as the suite sent it, in POSIX sh and in bash',
  async (_what, operation, options) => {
    const exchange = await clientOf(httpOrigin).call(operation, options)
    const [original] = received.splice(0)
    const command = reproduceLine(exchange)
    expect(command).not.toContain(key)
    expect(command).not.toMatch(/[^\x20-\x7e]/)
    expect(command.length).toBeLessThanOrEqual(2_000)
    for (const shell of ['sh', 'bash'] as const) {
      const outcome = await runInShell(shell, command, { PETSTORE_API_KEY: key })
      expect(outcome.stdout, `${shell}: ${command}\n${outcome.stderr}`).toMatch(/^HTTP\/1\.1 200/)
      const [again] = received.splice(0)
      expect(again, shell).toMatchObject({
        method: original?.method,
        target: original?.target,
        chunked: original?.chunked,
        body: original?.body,
      })
      for (const name of [...Object.keys(exchange.request.headers), 'content-length'])
        expect(again?.headers[name], `${shell}: ${name}`).toBe(original?.headers[name])
    }
  },
)

it('sends the key in the target from the environment', async () => {
  // A key of the characters an API key is made of: one that a URL must encode would be sent raw (a limit).
  const plainKey = 'sk-live_Query.Key~0123456789'
  const client = new ContractClient({ baseUrl: `${httpOrigin}/v1`, messagesBaseUrl: httpOrigin, apiKey: plainKey })
  const exchange = await client.call('listPets', {
    authorization: null,
    withKey: (apiKey) => ({ query: `k=${apiKey}` }),
  })
  const [original] = received.splice(0)
  // The key alone: the run's near-copies of it include `api_key=<key>`, whose redaction takes the `=` before it too.
  const command = curlCommand(redact(exchange.request, [plainKey]))
  expect(command).not.toContain(plainKey)
  await runInShell('sh', command, { PETSTORE_API_KEY: plainKey })
  expect(received.splice(0)[0]?.target).toBe(original?.target)
})

const written: Array<[what: string, operationId: OperationId, options: CallOptions]> = [
  ['field names upper-cased', 'listPets', { wire: { fieldName: (name) => name.toUpperCase() } }],
  [
    'an absolute-form target, a read pipelined behind it',
    'createPet',
    {
      json: { name: 'Rex' },
      wire: { target: 'absolute', pipelined: [{ operationId: 'listPets' }] },
    },
  ],
  [
    'HTTP/1.0 without Host, the write side ended',
    'listPets',
    { wire: { version: 'HTTP/1.0', host: false, halfClose: true } },
  ],
  [
    'a body of 64 KB without a key, a read pipelined behind it',
    'createPet',
    {
      json: { name: `a-${'x'.repeat(65_536)}` },
      authorization: null,
      wire: { pipelined: [{ operationId: 'listPets' }] },
    },
  ],
]

it.each(written)(
  'writes %s on the wire again byte for byte, in POSIX sh and in bash',
  async (_what, operation, options) => {
    const exchange = await clientOf(wireOrigin).call(operation, options)
    expect(exchange.response?.status).toBe(200)
    const [original] = connections.splice(0)
    const command = reproduceLine(exchange)
    expect(command).not.toContain(key)
    expect(command.length).toBeLessThanOrEqual(2_000)
    for (const shell of ['sh', 'bash'] as const) {
      const outcome = await runInShell(shell, command, { PETSTORE_API_KEY: key })
      expect(outcome.stdout, `${shell}: ${command}\n${outcome.stderr}`).toMatch(/^HTTP\/1\.1 200/)
      expect(connections.splice(0), shell).toEqual([original])
    }
  },
)

it('sends a body too long for a line from the file written beside the reports, in POSIX sh and in bash', async () => {
  // No run of one byte to count: 3,000 printable characters, quotes and backslashes among them, then the key.
  const name = Array.from({ length: 3_000 }, (_, index) => String.fromCharCode(32 + ((index * 37) % 95))).join('')
  const exchange = await clientOf(httpOrigin).call('createPet', {
    json: { name },
    headers: { 'x-echo': 'kept' },
    withKey: (apiKey) => ({ headers: { 'x-also': apiKey } }),
  })
  const [original] = received.splice(0)
  const dir = await mkdtemp(join(tmpdir(), 'contract-bodies-'))
  try {
    const request = redact(exchange.request, runSecrets(key))
    const scenario = { exchanges: [{ ...exchange, request }] } as unknown as ScenarioResult
    const result = placeBodyFiles({ setup: scenario, scenarios: [] } as unknown as RunResult, dir)
    await writeBodyFiles(result)
    const command = curlCommand(result.setup.exchanges[0]!.request)
    expect(command.length).toBeLessThanOrEqual(2_000)
    expect(command).toContain(`cat '${join(dir, 'request-bodies')}/`)
    for (const shell of ['sh', 'bash'] as const) {
      const outcome = await runInShell(shell, command, { PETSTORE_API_KEY: key })
      expect(outcome.stdout, `${shell}: ${command}\n${outcome.stderr}`).toMatch(/^HTTP\/1\.1 200/)
      const [again] = received.splice(0)
      expect(again?.body, shell).toBe(original?.body)
      for (const name of [...Object.keys(exchange.request.headers), 'content-length'])
        expect(again?.headers[name], `${shell}: ${name}`).toBe(original?.headers[name])
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
