import { connect } from 'node:net'
import { expect, it } from 'vitest'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { operationList } from '../../spec/operations.ts'

// Found by fuzz seed 875260985: a client that keeps its side of a socket the server answered outside
// node:http open held server.close() until the client went away.
// The sockets were answered outside node:http: CONNECT, an upgrade, a parse error.
it('closes promptly while clients keep open the sockets it answered outside node:http', async () => {
  const server = await startPetStoreServer({ pets: 5 })
  const { baseUrl } = server
  const port = Number(new URL(baseUrl).port)
  const requests = [
    'CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /v1/pets HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    'HELLO\r\n\r\n',
  ]
  const statusLines = await Promise.all(
    requests.map(
      (request) =>
        new Promise<string>((resolve) => {
          // allowHalfOpen: the client does not close its side when the server ends the socket.
          const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => socket.write(request))
          let answer = ''
          socket.on('data', (chunk) => {
            answer += chunk
            if (answer.includes('\r\n\r\n')) resolve(answer.split('\r\n')[0] ?? '')
          })
          socket.on('error', () => {})
        }),
    ),
  )
  expect(statusLines).toEqual([
    'HTTP/1.1 405 Method Not Allowed',
    'HTTP/1.1 401 Unauthorized',
    'HTTP/1.1 400 Bad Request',
  ])
  const closed = await Promise.race([
    server.close().then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('still open after 1.5 s'), 1500)),
  ])
  expect(closed).toBe('closed')
})

it("answers CONNECT with 405 and an Allow that names every method of the spec's operations", async () => {
  const server = await startPetStoreServer({ pets: 5 })
  try {
    const port = Number(new URL(server.baseUrl).port)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => socket.write('CONNECT 127.0.0.1:80 HTTP/1.1\r\n\r\n'))
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk
      })
      socket.on('end', () => resolve(received))
      socket.on('error', reject)
    })
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed')
    const allow = /^allow: (.*)$/im.exec(answer)?.[1]?.split(', ') ?? []
    for (const operation of operationList) expect(allow).toContain(operation.method)
    expect(allow).toEqual(expect.arrayContaining(['HEAD', 'OPTIONS']))
  } finally {
    await server.close()
  }
})

it('gives every answer the Content-Length of its own body when answers sharing headers alternate', async () => {
  const server = await startPetStoreServer({ pets: 12 })
  try {
    const headers = { authorization: 'Bearer petstore-dev-key' }
    const paths = ['/pets/1', '/pets/10', '/pets/1', '/pets?limit=1', '/pets?limit=12', '/pets?limit=1', '/pets/404']
    for (const path of [...paths, ...paths]) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers })
      const body = Buffer.from(await response.arrayBuffer())
      expect(Number(response.headers.get('content-length')), path).toBe(body.byteLength)
      expect(() => JSON.parse(body.toString('utf8')), path).not.toThrow()
    }
  } finally {
    await server.close()
  }
})
