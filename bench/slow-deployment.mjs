// A deployment that takes its time: every request gets a conformant `GET /v1/pets/{id}` answer after <delay> ms
// (the pet, Date, Deprecation and Sunset): `node bench/slow-deployment.mjs <delay ms>`, then
// `slow deployment ready: http://127.0.0.1:<port>`. The bench measures the latency a proxy adds in front of it.
import { createServer } from 'node:http'

const delayMs = Number(process.argv[2])
if (!Number.isFinite(delayMs) || delayMs < 0) {
  console.error('Usage: node bench/slow-deployment.mjs <delay ms>')
  process.exit(2)
}
const body = '{"id":1,"name":"Rex","categoryId":1,"status":"available"}'
const server = createServer((request, response) => {
  request.resume()
  setTimeout(() => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      date: new Date().toUTCString(),
      deprecation: '@1767225600',
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
    })
    response.end(body)
  }, delayMs)
})
server.keepAliveTimeout = 30_000
server.listen(0, '127.0.0.1', () => console.log(`slow deployment ready: http://127.0.0.1:${server.address().port}`))
