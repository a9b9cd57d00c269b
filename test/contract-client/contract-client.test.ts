import { afterEach, expect, it } from 'vitest'
import { ContractClient } from '../../contract-tests/client/contract-client.ts'
import { ReadOnlyRefusal, TargetError } from '../../contract-tests/client/target-error.ts'
import { TransportFailure } from '../../contract-tests/client/transport-failure.ts'
import { type StubServer, startStubServer } from '../support/start-stub-server.ts'

const stubs: Array<StubServer> = []
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()))
})

async function stub(handler: Parameters<typeof startStubServer>[0]): Promise<StubServer> {
  const server = await startStubServer(handler)
  stubs.push(server)
  return server
}

const client = (url: string, options: Partial<ConstructorParameters<typeof ContractClient>[0]> = {}) =>
  new ContractClient({ baseUrl: `${url}/v1`, messagesBaseUrl: url, apiKey: 'key-under-test', ...options })

const jsonReply =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }

it('refuses to send anything but GET and HEAD when read-only, and the target receives nothing', async () => {
  const server = await stub(jsonReply(201, {}))
  const readOnly = client(server.url, { readOnly: true })
  await expect(readOnly.call('createPet', { json: { name: 'x', categoryId: 1 } })).rejects.toBeInstanceOf(
    ReadOnlyRefusal,
  )
  await readOnly.call('listPets')
  expect(server.received.map((request) => request.method)).toEqual(['GET'])
  expect(readOnly.unsafeRequestsSent).toBe(0)
  expect(readOnly.refusedRequests).toBe(1)
})

it('applies every registry check to each response', async () => {
  const server = await stub(jsonReply(200, [{ id: 1, name: 'Rex', categoryId: 1 }]))
  const exchange = await client(server.url).call('listPets')
  expect(exchange.results.map((result) => `${result.check}:${result.outcome}`)).toEqual([
    'no_server_error:passed',
    'status_code_documented:passed',
    'json_content_type:passed',
    'json_utf8:passed',
    'response_schema_conformance:passed',
    'response_field_grammar:passed',
    'date_header:passed',
    'keyed_answer_not_public:passed',
    'answer_field_rules:passed',
  ])
})

it('honours a 429 Retry-After and then takes the answer', async () => {
  let calls = 0
  const server = await stub((request, response) =>
    ++calls === 1
      ? jsonReply(429, {}, { 'retry-after': '0' })(request, response)
      : jsonReply(200, [])(request, response),
  )
  const exchange = await client(server.url).call('listPets')
  expect(exchange.response?.status).toBe(200)
  expect(server.received).toHaveLength(2)
})

it('gives up on a 429 storm after a bounded number of retries', async () => {
  const server = await stub(jsonReply(429, {}, { 'retry-after': '0' }))
  await expect(client(server.url, { maxRetries: 2 }).call('listPets')).rejects.toThrow(
    /still answered 429 after 2 retries/,
  )
  expect(server.received).toHaveLength(3)
})

it('does not follow a redirect to another origin, so the key never goes there', async () => {
  const elsewhere = await stub(jsonReply(200, []))
  const server = await stub((_request, response) => {
    response.writeHead(302, { location: `${elsewhere.url}/v1/pets` })
    response.end()
  })
  const exchange = await client(server.url).call('listPets')
  expect(exchange.response?.status).toBe(302)
  expect(elsewhere.received).toEqual([])
  expect(exchange.results.find((result) => result.check === 'status_code_documented')?.outcome).toBe('failed')
})

it.each([301, 302, 307, 308])(
  'never follows a %i within the origin for a documented request: a status the interface does not list',
  async (status) => {
    const server = await stub((_request, response) => {
      response.writeHead(status, { location: '/v1/pets-moved' })
      response.end()
    })
    const exchange = await client(server.url).call('createPet', { json: { name: 'Rex', categoryId: 1 } })
    expect(exchange.response?.status).toBe(status)
    expect(server.received.map((request) => request.method)).toEqual(['POST'])
    expect(exchange.results.find((result) => result.check === 'status_code_documented')).toMatchObject({
      outcome: 'failed',
      level: 'violation',
      message: `${status} is not documented for createPet (a redirect to /v1/pets-moved, not followed).`,
    })
  },
)

it('follows a redirect within the origin where a request form asks, with the key, and records each hop', async () => {
  const server = await stub((request, response) => {
    if (request.url === '/v1/pets/') {
      response.writeHead(301, { location: '/v1/pets' })
      return response.end()
    }
    jsonReply(200, [])(request, response)
  })
  const exchange = await client(server.url).call('listPets', {
    rewriteUrl: (url) => `${url}/`,
    followRedirects: true,
  })
  expect(exchange.response).toMatchObject({
    status: 200,
    redirects: [{ status: 301, from: `${server.url}/v1/pets/`, location: `${server.url}/v1/pets` }],
  })
  expect(server.received.map((request) => request.authorization)).toEqual([
    'Bearer key-under-test',
    'Bearer key-under-test',
  ])
})

it.each([
  [301, ['POST']],
  [302, ['POST']],
  [307, ['POST', 'POST']],
  [308, ['POST', 'POST']],
])('sends a POST body again after a %i only where RFC 9110 keeps the method and body', async (status, methods) => {
  const bodies: Array<string> = []
  const server = await stub((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      bodies.push(body)
      if (request.url === '/v1/pets/') {
        response.writeHead(status, { location: '/v1/pets' })
        return response.end()
      }
      jsonReply(201, { id: 1, name: 'Rex', categoryId: 1 })(request, response)
    })
  })
  const exchange = await client(server.url).call('createPet', {
    json: { name: 'Rex', categoryId: 1 },
    rewriteUrl: (url) => `${url}/`,
    followRedirects: true,
  })
  expect(server.received.map((request) => request.method)).toEqual(methods)
  expect(bodies.slice(1)).toEqual(methods.length === 2 ? [bodies[0]] : [])
  expect(exchange.response?.status).toBe(methods.length === 2 ? 201 : status)
})

it('sends a GET again once when the connection closed before any answer, and never a POST', async () => {
  let requests = 0
  const server = await stub((request, response) => {
    if (++requests === 1 || request.method === 'POST') return request.socket.destroy()
    jsonReply(200, [])(request, response)
  })
  const caller = client(server.url)
  const exchange = await caller.call('listPets')
  expect(exchange.response?.status).toBe(200)
  expect(server.received.map((request) => request.method)).toEqual(['GET', 'GET'])
  const failure = await caller.call('createPet', { json: { name: 'Rex', categoryId: 1 } }).catch((error) => error)
  expect(failure).toBeInstanceOf(TransportFailure)
  expect(failure).toMatchObject({ kind: 'closed', operationId: 'createPet', request: { method: 'POST' } })
  expect(failure.message).toMatch(
    /^No answer to POST http:\/\/127.0.0.1:\d+\/v1\/pets \(a body of 29 bytes\): the conn/,
  )
  expect(server.received.map((request) => request.method)).toEqual(['GET', 'GET', 'POST'])
})

it('ends a request that gets no answer within the timeout as a target error', async () => {
  const server = await stub(() => {})
  const started = Date.now()
  await expect(client(server.url, { timeoutMs: 300 }).call('listPets')).rejects.toBeInstanceOf(TargetError)
  expect(Date.now() - started).toBeLessThan(3000)
})

it('caps how much of a huge body it reads', async () => {
  const server = await stub((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    const pump = (): void => {
      while (sent < 400 && response.write(chunk)) sent++
      if (sent < 400) response.once('drain', pump)
      else response.end()
    }
    pump()
  })
  const exchange = await client(server.url, { maxBodyBytes: 1_000_000 }).call('listPets')
  expect(exchange.response?.truncated).toBe(true)
  expect(exchange.response?.bodyText.length).toBeLessThanOrEqual(1_000_000)
  expect(exchange.results.find((result) => result.check === 'response_schema_conformance')?.outcome).toBe('failed')
})

it('reports a refused connection as a target error', async () => {
  const server = await stub(() => {})
  await server.close()
  stubs.pop()
  await expect(client(server.url).call('listPets')).rejects.toThrow(/Failed to reach the target.*ECONNREFUSED/)
})
