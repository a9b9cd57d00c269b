// The benchmark's floor: the least a node:http server can do to give the same answers as the mock.
// It imports nothing from the project so that it measures node:http alone; the bench compiles it
// with esbuild and runs it with plain `node` (see compile-bare-server.ts).
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'

const help = `Usage: node bare-server.mjs [--port N] [--host HOST]

A bare node:http server for the benchmark: bearer check, then GET /v1/pets (a fixed array of
20 pets), GET /v1/pets/:id (one fixed pet, with the Deprecation and Sunset headers the interface
requires), POST /v1/pets (201, the body echoed with an id).
Prints "bare server ready: <base URL>" once listening.`

const authorization = 'Bearer petstore-dev-key'
const statuses = ['available', 'pending', 'sold'] as const
const names = ['Rex', 'Bella', 'Milo', 'Luna', 'Charlie', 'Daisy', 'Max', 'Coco', 'Oscar', 'Ruby']
const pets = Array.from({ length: 20 }, (_, index) => ({
  id: index + 1,
  name: `${names[index % names.length]} ${index + 1}`,
  categoryId: (index % 12) + 1,
  status: statuses[index % statuses.length],
}))
// Serialized once: a fixed answer is the least any server could do for it.
const listBody = JSON.stringify(pets)
const petBody = JSON.stringify(pets[0])
const unauthorizedBody = JSON.stringify({ code: 'unauthorized', message: 'The API key is not valid.', status: 401 })
const notFoundBody = JSON.stringify({ code: 'route_not_found', message: 'No route.', status: 404 })
const invalidBody = JSON.stringify({
  code: 'invalid_json',
  message: 'The request body is not valid JSON.',
  status: 400,
})
let lastId = pets.length

// What the interface requires of getPet's answer besides the pet: it is deprecated, with a removal date.
const deprecated = { deprecation: '@1767225600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }

function send(response: ServerResponse, status: number, body: string, extra?: Record<string, string>): void {
  const length = Buffer.byteLength(body)
  response.writeHead(status, { 'content-type': 'application/json', ...extra, 'content-length': length })
  response.end(body)
}

const server = createServer((request, response) => {
  if (request.headers.authorization !== authorization) return send(response, 401, unauthorizedBody)
  const url = request.url ?? '/'
  const path = url.split('?', 1)[0]
  if (request.method === 'GET' && path === '/v1/pets') return send(response, 200, listBody)
  if (request.method === 'GET' && path?.startsWith('/v1/pets/')) return send(response, 200, petBody, deprecated)
  if (request.method === 'POST' && path === '/v1/pets') {
    const chunks: Array<Buffer> = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      try {
        const pet = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        send(response, 201, JSON.stringify({ ...pet, id: ++lastId }))
      } catch {
        send(response, 400, invalidBody)
      }
    })
    return
  }
  send(response, 404, notFoundBody)
})

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(help)
} else {
  server.listen(Number(values.port), values.host, () => {
    const { port } = server.address() as AddressInfo
    console.log(`bare server ready: http://${values.host}:${port}/v1`)
  })
  const stop = (): void => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
