import type { IncomingMessage } from 'node:http'
import { originForm } from './origin-form.ts'
import { type StubServer, startStubServer } from './start-stub-server.ts'

/** What the upstream answered, before the proxy passes it on. */
export interface UpstreamAnswer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

// The body is forwarded whole, with its own length: how it was framed on the way in (a chunked request) and the
// connection's own fields (RFC 9110 section 7.6.1) stay behind; undici refuses a request that sets them. Expect
// was answered by this server's node:http already (the body has arrived), and undici refuses to send it.
const notForwarded = new Set([
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'content-length',
  'transfer-encoding',
  'expect',
])

/**
 * A loopback server in front of `origin` (the standalone mock, say) that forwards every request as it came, then
 * answers with what `answer` makes of the upstream's answer: a deployment that differs from the mock in one way
 * (slow, echoing, ...). Return undefined from `answer` to pass the upstream's on.
 * @example const slow = await startProxyServer(mock.baseUrl, async (upstream) => { await sleep(250); return upstream })
 */
export function startProxyServer(
  origin: string,
  answer: (upstream: UpstreamAnswer, request: IncomingMessage) => Promise<UpstreamAnswer | undefined> | undefined,
): Promise<StubServer> {
  const upstream = new URL(origin).origin
  return startStubServer(async (request, response) => {
    const chunks: Array<Buffer> = []
    try {
      for await (const chunk of request) chunks.push(chunk as Buffer)
    } catch {
      // The client cut its request short (the suite's framing checks do): nothing to forward.
      response.destroy()
      return
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !notForwarded.has(name)) headers[name] = value
    // Content on a GET or HEAD is not forwarded (fetch refuses it; the mock reads none), and a method fetch refuses
    // (TRACE) is answered here, as a gateway that does not forward it would.
    if (request.method === 'TRACE') {
      response.writeHead(501, { 'content-type': 'text/plain' })
      response.end('TRACE is not forwarded')
      return
    }
    const bodiless = request.method === 'GET' || request.method === 'HEAD'
    const forwarded = await fetch(`${upstream}${originForm(request.url)}`, {
      method: request.method,
      headers,
      body: chunks.length > 0 && !bodiless ? Buffer.concat(chunks) : undefined,
    }).catch(() => undefined)
    if (forwarded === undefined) {
      // The upstream could not be asked (a field fetch refuses, an upstream gone): a gateway's answer.
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end('upstream not reached')
      return
    }
    const received = {
      status: forwarded.status,
      headers: Object.fromEntries(forwarded.headers),
      body: Buffer.from(await forwarded.arrayBuffer()),
    }
    const { status, headers: sent, body } = (await answer(received, request)) ?? received
    // The body is sent whole: a length or encoding the upstream chose for its own would not fit it.
    // The upstream connection's own fields stay with it: this server closes when its client asks.
    const own = ['content-length', 'content-encoding', 'connection', 'keep-alive', 'transfer-encoding']
    const kept = Object.entries(sent).filter(([name]) => !own.includes(name))
    response.writeHead(status, Object.fromEntries(kept))
    response.end(body)
  })
}
