import { type IncomingMessage, type InformationEvent, type ServerResponse, STATUS_CODES } from 'node:http'

/** Interim answers passed on per request at most: a deployment sending them without end floods nobody. */
const maxInterimAnswers = 8

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/
// A 1xx has no content and belongs to its connection's framing only through its end (RFC 9110 section 15.2).
const notPassedOn = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'te'])

/** What node's response exposes to write bytes before its head: the way it writes its own `100 Continue`. */
interface RawWriter {
  _writeRaw?(data: string, encoding: BufferEncoding): boolean
}

/**
 * Passes an interim (1xx) answer of the deployment on to the app, as a proxy must (RFC 9110 section 15.2: "A proxy
 * MUST forward 1xx responses unless the proxy itself requested the generation of the 1xx response"): its status with
 * the standard reason phrase and its fields that are in their grammar, none that frames the connection. Not to an
 * HTTP/1.0 client (section 15.2: "a server MUST NOT send a 1xx response to an HTTP/1.0 client"), not once the final
 * answer's head is written, not past `maxInterimAnswers`. Returns whether it was passed on.
 * @example passInterimAnswer(request, response, { statusCode: 103, rawHeaders: ['Link', '</a.css>; rel=preload'] }, 1)
 */
export function passInterimAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  interim: Pick<InformationEvent, 'statusCode' | 'rawHeaders'>,
  count: number,
): boolean {
  const writer = response as unknown as RawWriter
  const http10 = request.httpVersionMajor === 1 && request.httpVersionMinor === 0
  if (http10 || count > maxInterimAnswers || response.headersSent || response.destroyed) return false
  if (typeof writer._writeRaw !== 'function') return false
  const status = interim.statusCode
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Informational'}\r\n`
  for (let i = 0; i + 1 < interim.rawHeaders.length; i += 2) {
    const name = interim.rawHeaders[i] as string
    const value = interim.rawHeaders[i + 1] as string
    if (token.test(name) && fieldValue.test(value) && !notPassedOn.has(name.toLowerCase()))
      head += `${name}: ${value}\r\n`
  }
  return writer._writeRaw.call(response, `${head}\r\n`, 'latin1') || true
}
