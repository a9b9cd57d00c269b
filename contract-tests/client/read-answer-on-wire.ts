import type { ExchangeResponse, WrittenBytes } from '../shared/exchange.ts'
import { rawAnswerResponse } from './raw-answer-response.ts'
import { rawExchange } from './raw-exchange.ts'

/** A request as the transport sent it through fetch. */
interface SentRequest {
  method: string
  url: string
  headers: Readonly<Record<string, string>>
  body?: string
  /** The body's bytes, when they are not the UTF-8 of `body`. */
  bytes?: Uint8Array
  /** The body went as a stream of unknown length: chunked. */
  chunked?: boolean
}

interface Limits {
  timeoutMs: number
  maxBodyBytes: number
  maxJsonDepth: number
}

/** Keeps no more of a head than this: enough to show what is wrong with it. */
const maxHeadCharacters = 8_192

/**
 * Writes a request again, as fetch wrote it (origin-form, `Host`, its fields, its body framed by Content-Length or
 * chunked), on a connection of its own, and reads the answer as it comes: for an answer fetch's HTTP parser refused,
 * which the suite judges by RFC 9112 rather than dropping it (`answer_on_wire`). Gives the answer as the exchange
 * keeps it, with what was read on the wire (`readOnWire`), and the bytes written, for the reproduce line; undefined
 * when no answer can be read there either (then the fetch failure stands).
 * @example const read = await readAnswerOnWire(request, 'HPE_UNEXPECTED_CONTENT_LENGTH: …', limits)
 */
export async function readAnswerOnWire(
  request: SentRequest,
  refusal: string,
  { timeoutMs, maxBodyBytes, maxJsonDepth }: Limits,
): Promise<{ response: ExchangeResponse; written: WrittenBytes } | undefined> {
  const bytes = requestBytes(request)
  const outcome = await rawExchange(request.url, [{ method: request.method, bytes }], {
    timeoutMs,
    // The head and a body as large as a fetch would read.
    maxBytes: maxBodyBytes + 65_536,
  })
  const [answer] = outcome.answers
  if (!answer) return undefined
  const response = rawAnswerResponse(answer, outcome.durationMs, maxJsonDepth)
  response.readOnWire = {
    refusal,
    head: answer.head.slice(0, maxHeadCharacters),
    fields: answer.fields,
    framing: answer.framing,
    complete: answer.complete,
    closedAfter: outcome.closed && outcome.restBytes === 0,
  }
  return { response, written: { latin1: Buffer.from(bytes).toString('latin1') } }
}

/** The request's bytes as fetch writes them, without the fields fetch adds of its own (user-agent, accept-encoding). */
function requestBytes({ method, url, headers, body, bytes, chunked }: SentRequest): Uint8Array {
  const target = new URL(url)
  const content = bytes ?? (body === undefined ? undefined : new TextEncoder().encode(body))
  const fields: Array<[string, string]> = [['host', target.host], ...Object.entries(headers)]
  if (content !== undefined)
    fields.push(chunked ? ['transfer-encoding', 'chunked'] : ['content-length', String(content.byteLength)])
  const head = `${method} ${target.pathname}${target.search} HTTP/1.1\r\n${fields
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`
  if (content === undefined) return Buffer.from(head, 'latin1')
  const chunk =
    content.byteLength > 0 ? [Buffer.from(`${content.byteLength.toString(16)}\r\n`), content, Buffer.from('\r\n')] : []
  const framed = chunked ? [...chunk, Buffer.from('0\r\n\r\n')] : [content]
  return Buffer.concat([Buffer.from(head, 'latin1'), ...framed])
}
