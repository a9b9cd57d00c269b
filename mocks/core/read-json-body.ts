import { parseJson } from '../../spec/json/parse-json.ts'
import { MockError } from './mock-error.ts'
import { maxBodyBytes, type OperationRequest } from './operation-request.ts'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads and parses a JSON request body, refusing with a 4xx `MockError` anything that is not one:
 * too large, empty, another media type or charset, invalid UTF-8, invalid JSON.
 * @example const json = await readJsonBody(request)
 */
export async function readJsonBody(request: OperationRequest): Promise<unknown> {
  const body = await request.readBody()
  if (body.kind === 'too-large') {
    throw new MockError(413, 'payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`)
  }
  if (body.bytes.byteLength === 0) throw new MockError(400, 'invalid_body', 'A JSON request body is required.')
  assertJsonMediaType(request.header('content-type'))
  let text: string
  try {
    text = utf8.decode(body.bytes)
  } catch {
    throw new MockError(400, 'invalid_json', 'The request body is not valid UTF-8.')
  }
  try {
    // Lossless: an int64 field beyond 2^53 keeps every digit.
    return parseJson(text)
  } catch {
    // The parser's own message quotes the body; it is left out so nothing sent is echoed back.
    throw new MockError(400, 'invalid_json', 'The request body is not valid JSON.')
  }
}

function assertJsonMediaType(contentType: string | null | undefined): void {
  // Nearly every request sends one of a few values: each is judged once.
  if (contentType === lastAccepted) return
  const problem = jsonMediaTypeProblem(contentType)
  if (problem) throw new MockError(400, 'unsupported_media_type', problem)
  lastAccepted = contentType
}

let lastAccepted: string | null | undefined = 'application/json'

/**
 * Why a `Content-Type` is not UTF-8 JSON (`application/json` or `application/*+json`, no charset but
 * UTF-8), as a sentence for an `Error` message; undefined when it is.
 * @example jsonMediaTypeProblem('text/plain') // 'The request body must be sent as Content-Type: application/json.'
 */
export function jsonMediaTypeProblem(contentType: string | null | undefined): string | undefined {
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';')
  const type = mediaType.trim().toLowerCase()
  if (type !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type))
    return 'The request body must be sent as Content-Type: application/json.'
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=')
    if (name.trim().toLowerCase() !== 'charset') continue
    // A quoted-string stands for its octets, each quoted-pair for the octet after the backslash (RFC 9110 5.6.4).
    const trimmed = value.trim()
    const unquoted = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1).replace(/\\(.)/g, '$1') : trimmed
    const charset = unquoted.toLowerCase()
    if (charset !== 'utf-8' && charset !== 'utf8') return 'The request body must be UTF-8 encoded JSON.'
  }
  return undefined
}
