import type { IncomingMessage, ServerResponse } from 'node:http'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { originForm } from '../support/origin-form.ts'
import { listenOnLoopback } from './frameworks/listen-on-loopback.ts'
import type { RunningServer } from './frameworks/running-server.ts'

/** What a variant served over node:http does with one request, in front of the good mock. */
export interface HttpExchange {
  request: IncomingMessage
  response: ServerResponse
  /** The good mock's answer to the request with this body (`readBody`'s, or another the variant read). */
  answer(body: Uint8Array | undefined): Promise<Response>
}

/**
 * Another implementation served over real HTTP on loopback, for a difference only bytes on the wire show:
 * how a body is framed (Content-Length or chunked), what bytes an answer is written in. The good mock answers
 * behind it; the variant reads the request and writes the answer its own way (`readBody`, `writeAnswer`).
 */
export interface HttpVariant {
  name: string
  description: string
  /** For a faulty variant: the check that must catch it. */
  caughtBy?: string
  /** For a conformant variant: it differs from a choice of our spec, so `--strict` fails it. */
  deviates?: boolean
  handle(exchange: HttpExchange): Promise<void>
}

// Hop-by-hop and framing fields are the connection's, not the request's: the good mock gets the message. Expect
// too: node has answered it on this connection (100 Continue), and fetch refuses to send it.
const connectionFields = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect'])

/**
 * Starts the variant on 127.0.0.1 at a free port, a fresh good mock behind it.
 * @example const { baseUrl, messagesBaseUrl, close } = await startHttpVariant(variant)
 */
export async function startHttpVariant(variant: HttpVariant): Promise<RunningServer> {
  // The good mock's own standalone server, on loopback too: the variant sits in front of it as a proxy would.
  const mock = await startPetStoreServer()
  const goodOrigin = new URL(mock.baseUrl).origin
  const server = await listenOnLoopback((request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) =>
        connectionFields.has(name) || value === undefined ? [] : [[name, String(value)]],
      ),
    )
    const answer = (body: Uint8Array | undefined) =>
      fetch(`${goodOrigin}${originForm(request.url)}`, {
        method: request.method,
        headers,
        body: body && body.byteLength > 0 ? (body as Uint8Array<ArrayBuffer>) : undefined,
        redirect: 'manual',
      })
    variant.handle({ request, response, answer }).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  })
  const close = async () => {
    await server.close()
    await mock.close()
  }
  return { baseUrl: `${server.origin}/v1`, messagesBaseUrl: server.origin, close }
}

/**
 * A request's whole body as node hands it over: de-chunked, whatever its framing.
 * @example const body = await readBody(request)
 */
export async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Array<Buffer> = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}

/**
 * Writes the good mock's answer, its body as `bytes` when given (the answer's own bytes otherwise), framed by
 * node: a Content-Length of the bytes written.
 * @example await writeAnswer(response, answer, prefixed)
 */
export async function writeAnswer(
  response: ServerResponse,
  answer: Response,
  bytes?: Uint8Array,
  headers: Record<string, string> = {},
): Promise<void> {
  const body = bytes ?? new Uint8Array(await answer.arrayBuffer())
  const fields: Record<string, string | Array<string>> = {}
  // The connection's own fields are the good mock's connection's, not this one's.
  for (const [name, value] of answer.headers)
    if (!['content-length', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
      fields[name] = value
  const cookies = answer.headers.getSetCookie()
  if (cookies.length > 0) fields['set-cookie'] = cookies
  response.writeHead(answer.status, { ...fields, ...headers })
  response.end(body.byteLength > 0 ? body : undefined)
}

/**
 * The good mock over HTTP: what proves the harness adds no difference of its own but one, node's HTTP parser
 * refusing a method it does not know with a bare 400 (the standalone mock answers it with an Error).
 */
export const overHttp: HttpVariant = {
  name: 'good-mock-over-http',
  description: 'the mock itself, served over node:http',
  deviates: true,
  handle: async ({ request, response, answer }) => writeAnswer(response, await answer(await readBody(request))),
}
