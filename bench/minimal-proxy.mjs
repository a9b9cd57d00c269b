// The peer of the proxy's throughput goal: a ten-line node:http proxy with a keep-alive agent, which forwards and
// judges nothing: `node bench/minimal-proxy.mjs <upstream port>`, then `minimal proxy ready: http://127.0.0.1:<port>`.
import { Agent, createServer, request } from 'node:http'

const agent = new Agent({ keepAlive: true, maxSockets: 256 })
const server = createServer((incoming, outgoing) => {
  const options = { port: Number(process.argv[2]), path: incoming.url, method: incoming.method, agent }
  const upstream = request({ ...options, host: '127.0.0.1', headers: incoming.headers }, (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
    answer.pipe(outgoing)
  })
  upstream.on('error', () => outgoing.destroy())
  incoming.pipe(upstream)
})
server.listen(0, '127.0.0.1', () => console.log(`minimal proxy ready: http://127.0.0.1:${server.address().port}`))
