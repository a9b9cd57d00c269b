import { request } from 'node:http'
import { corpusServers } from './corpus-servers.ts'
import type { ShapeName } from './deployment-shapes.ts'
import { startCorpusServer } from './start-corpus-server.ts'

// What each corpus server answers to the requests whose answer the interface leaves open: the branches table of
// docs/conformance-corpus.md is read off this. `npx tsx test/corpus/probe-corpus.ts [NAME] [SHAPE]` prints status,
// Allow, media type and the start of the body of each (SHAPE: nginx or base-path, where both APIs share an origin
// over plain HTTP; one origin when none is given).
const key = 'corpus-probe-key'

interface Probe {
  method: string
  path: string
  keyed?: boolean
  body?: string
  type?: string
}

const probes: Record<string, Probe> = {
  head: { method: 'HEAD', path: '/v1/pets' },
  options: { method: 'OPTIONS', path: '/v1/pets' },
  'options, no key': { method: 'OPTIONS', path: '/v1/pets', keyed: false },
  put: { method: 'PUT', path: '/v1/pets' },

  'trailing slash': { method: 'GET', path: '/v1/pets/' },
  'unknown path': { method: 'GET', path: '/v1/nope' },
  'unknown, no key': { method: 'GET', path: '/v1/nope', keyed: false },
  message: { method: 'POST', path: '/messages', body: '{"message":"hi"}' },
  'leading zero': { method: 'POST', path: '/v1/pets', body: '{"name":"a","categoryId":1,"x":01}' },
  'text/plain': { method: 'POST', path: '/v1/pets', body: '{"name":"a","categoryId":1}', type: 'text/plain' },
  'bad body, no key': { method: 'POST', path: '/v1/pets', keyed: false, body: '{"name":' },
  'no status': { method: 'POST', path: '/v1/pets', body: '{"name":"a","categoryId":1}' },
  'pet id abc': { method: 'GET', path: '/v1/pets/abc' },
  'abc, no key': { method: 'GET', path: '/v1/pets/abc', keyed: false },
  'limit=0': { method: 'GET', path: '/v1/pets?limit=0' },
  'limit=abc': { method: 'GET', path: '/v1/pets?limit=abc' },
  frobnicate: { method: 'FROBNICATE', path: '/v1/pets' },
}

function send(origin: string, { method, path, keyed = true, body, type = 'application/json' }: Probe) {
  return new Promise<string>((resolve) => {
    const headers: Record<string, string> = { connection: 'close' }
    if (keyed) headers.authorization = `Bearer ${key}`
    if (body !== undefined) Object.assign(headers, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
    const sent = request(`${origin}${path}`, { method, headers, timeout: 10_000, agent: false }, (response) => {
      let text = ''
      response.on('data', (chunk) => {
        text += chunk
      })
      response.on('end', () => {
        const allow = response.headers.allow ? ` Allow: ${response.headers.allow}` : ''
        const media = (response.headers['content-type'] ?? '').split(';')[0]
        resolve(`${response.statusCode}${allow} ${media} ${text.slice(0, 60).replace(/\s+/g, ' ')}`)
      })
    })
    sent.on('timeout', () => sent.destroy(new Error('no answer in 10 s')))
    sent.on('error', (error) => resolve(`no answer: ${error.message}`))
    sent.end(body)
  })
}

const [only, shape = 'one-origin'] = process.argv.slice(2) as [string | undefined, ShapeName | undefined]
for (const server of corpusServers.filter(({ name }) => only === undefined || name === only)) {
  const running = await startCorpusServer(server, key, { shape })
  console.log(`\n## ${server.name}`)
  for (const [what, probe] of Object.entries(probes))
    console.log(`${what.padEnd(17)} ${await send(running.messagesBaseUrl, probe)}`)
  await running.close()
}
