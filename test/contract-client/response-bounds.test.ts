import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterEach, expect, it } from 'vitest'
import { ContractClient, storedBodyCharacters } from '../../contract-tests/client/contract-client.ts'
import { TransportFailure } from '../../contract-tests/client/transport-failure.ts'
import { type StubServer, startStubServer } from '../support/start-stub-server.ts'

// Each answer is bounded on its own, whatever the target sends: bytes read (decoded), time, nesting, what is kept.
const stubs: Array<StubServer> = []
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()))
})

async function client(answer: (response: ServerResponse) => void, options = {}): Promise<ContractClient> {
  const server = await startStubServer((_request, response) => answer(response))
  stubs.push(server)
  return new ContractClient({
    baseUrl: `${server.url}/v1`,
    messagesBaseUrl: server.url,
    apiKey: 'k-bounds',
    ...options,
  })
}

it('stops a gzip bomb at the read cap, counted in decoded bytes', async () => {
  const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x20))
  const caller = await client((response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    response.end(bomb)
  })
  const { response, results } = await caller.call('listPets')
  expect(bomb.length).toBeLessThan(1024 * 1024)
  expect(response).toMatchObject({ status: 200, truncated: true, jsonParsed: false })
  expect(response?.bodyBytes).toBeLessThanOrEqual(5_000_000)
  expect(results.find((result) => result.check === 'response_schema_conformance')).toMatchObject({
    outcome: 'failed',
    message: 'The body is larger than the client reads; it cannot be valid.',
  })
})

it('ends a body that drips a byte at a time at the deadline: no whole answer, the response named', async () => {
  const caller = await client(
    (response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('[')
      const drip = setInterval(() => response.write(' '), 100)
      response.on('close', () => clearInterval(drip))
    },
    { timeoutMs: 700 },
  )
  const failure = await caller.call('listPets').catch((error) => error)
  expect(failure).toBeInstanceOf(TransportFailure)
  expect(failure.kind).toBe('incomplete')
  expect(failure.message).toMatch(
    /^The response to GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets did not complete within 700 ms \(200 answered, \d+ bytes/,
  )
})

it('parses no body nested deeper than the client parses, and the finding says so', async () => {
  const caller = await client((response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)
  })
  const { response, results } = await caller.call('listPets')
  expect(response).toMatchObject({ status: 200, jsonParsed: false, truncated: false, bodyBytes: 2_000_000 })
  expect(results.find((result) => result.check === 'response_schema_conformance')).toMatchObject({
    outcome: 'failed',
    message: expect.stringMatching(/^The body nests arrays and objects more than 128 levels deep/),
  })
})

it('keeps only the start of a long body once the checks have read it whole', async () => {
  const pets = Array.from({ length: 100 }, (_, id) => ({ id, name: 'x'.repeat(1_000), categoryId: 1 }))
  const caller = await client((response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(pets))
  })
  const { response, results } = await caller.call('listPets')
  expect(results.every((result) => result.outcome === 'passed')).toBe(true)
  expect(response?.json).toHaveLength(100)
  expect(response?.bodyText).toHaveLength(storedBodyCharacters)
  expect(response?.bodyBytes).toBe(JSON.stringify(pets).length)
})
