// A relay that parses nothing: each client connection is piped to a connection of its own to the upstream port on
// loopback, byte for byte. No proxy written in Node does less per request, so what it reaches in the bench is the
// most any proxy can reach on the machine: `node bench/tcp-relay.mjs <upstream port>`, then it prints
// `relay ready: http://127.0.0.1:<port>`.
import { connect, createServer } from 'node:net'

const upstreamPort = Number(process.argv[2])
if (!Number.isInteger(upstreamPort) || upstreamPort <= 0) {
  console.error('Usage: node bench/tcp-relay.mjs <upstream port>')
  process.exit(2)
}
const server = createServer((client) => {
  const upstream = connect(upstreamPort, '127.0.0.1')
  client.pipe(upstream)
  upstream.pipe(client)
  client.on('error', () => upstream.destroy())
  upstream.on('error', () => client.destroy())
  client.on('close', () => upstream.destroy())
  upstream.on('close', () => client.destroy())
})
server.listen(0, '127.0.0.1', () => console.log(`relay ready: http://127.0.0.1:${server.address().port}`))
