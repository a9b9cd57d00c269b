import type { RunningServer } from './frameworks/running-server.ts'
import { type HttpVariant, readBody, startHttpVariant, writeAnswer } from './http-variant.ts'
import { startWireServer, type WireServerDefects } from './wire-server.ts'

/** A server with one defect only bytes on the wire show, and the check of the wire group that must catch it. */
export interface WireVariant {
  name: string
  description: string
  caughtBy: string
  start(): Promise<RunningServer>
}

/** A front over node:http (`HttpVariant`): for a defect in how a request's fields or an answer's bytes are handled. */
const overNodeHttp = (variant: HttpVariant & { caughtBy: string }): WireVariant => ({
  ...variant,
  start: () => startHttpVariant(variant),
})

/** The hand-written node:net server of `wire-server.ts` with one defect: for one in the connection's handling. */
const handWritten = (name: string, description: string, caughtBy: string, defects: WireServerDefects) => ({
  name,
  description,
  caughtBy,
  start: () => startWireServer(defects),
})

/**
 * One realistic defect per check of the wire group (`contract-tests/standards/wire-scenarios.ts`), each at the seam
 * where an independent implementation would have it.
 */
export const wireFaultyVariants: ReadonlyArray<WireVariant> = [
  overNodeHttp({
    name: 'authorization-by-exact-name',
    description:
      'its authentication reads the key from rawHeaders by the names `Authorization` and `authorization` only: a ' +
      'key sent as AUTHORIZATION is missing, 401',
    caughtBy: 'field_name_case',
    handle: async ({ request, response, answer }) => {
      const names = request.rawHeaders.filter((_, index) => index % 2 === 0)
      const cased = names.some((name) => name.toLowerCase() === 'authorization')
      if (cased && !names.includes('Authorization') && !names.includes('authorization')) {
        response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="petstore"' })
        return void response.end('{"code":"unauthorized","message":"A valid API key is required.","status":401}')
      }
      await writeAnswer(response, await answer(await readBody(request)))
    },
  }),
  overNodeHttp({
    name: 'chunked-to-http10',
    description:
      'writes an answer to an HTTP/1.0 request itself, chunked, keeping the Content-Length of the answer behind ' +
      'it: a 1.0 client cannot read chunked, and a message may not carry both',
    caughtBy: 'response_framing',
    handle: async ({ request, response, answer }) => {
      const got = await answer(await readBody(request))
      if (request.httpVersion !== '1.0') return writeAnswer(response, got)
      const body = Buffer.from(await got.arrayBuffer())
      const fields = [...got.headers].map(([name, value]) => `${name}: ${value}\r\n`).join('')
      const framing = `content-length: ${body.length}\r\ntransfer-encoding: chunked\r\n`
      const head = `HTTP/1.1 ${got.status} OK\r\n${fields}${framing}\r\n`
      request.socket.end(
        Buffer.concat([
          Buffer.from(head),
          Buffer.from(`${body.length.toString(16)}\r\n`),
          body,
          Buffer.from('\r\n0\r\n\r\n'),
        ]),
      )
    },
  }),
  overNodeHttp({
    name: 'absolute-form-crash',
    description:
      'its routes match request-targets that start with /v1, and its not-found fallback reads the prefix with an ' +
      'unguarded match: an absolute-form target throws there, 500',
    caughtBy: 'absolute_form_target',
    handle: async ({ request, response, answer }) => {
      if (!(request.url ?? '/').startsWith('/')) {
        response.writeHead(500, { 'content-type': 'text/plain' })
        return void response.end("TypeError: Cannot read properties of null (reading '0')")
      }
      await writeAnswer(response, await answer(await readBody(request)))
    },
  }),
  handWritten(
    'host-read-unguarded',
    'its hand-written server splits the Host field for the port unguarded: a request without Host throws, 500',
    'host_required',
    { hostUnguarded: true },
  ),
  handWritten(
    'connection-authenticated-once',
    'its hand-written server checks the key once per connection: the key its first request carries stands ' +
      'for every later request on it, keyed or not',
    'connection_carries_no_credential',
    { authenticatesConnection: true },
  ),
  handWritten(
    'pipelined-answers-when-ready',
    'its hand-written server answers pipelined requests as each is ready, not in the order they came (a list, ' +
      'slower than a read, comes after the reads written behind it)',
    'pipelined_in_order',
    { answersWhenReady: true },
  ),
  handWritten(
    'connection-close-ignored',
    'its hand-written server keeps every connection open, Connection: close or not, and answers what follows',
    'connection_close',
    { ignoresClose: true },
  ),
  handWritten(
    'content-length-before-chunked',
    'its hand-written parser reads a body by Content-Length when Transfer-Encoding: chunked is given too, and the ' +
      "body's rest as the next request",
    'request_framing',
    { lengthFirst: true },
  ),
]
