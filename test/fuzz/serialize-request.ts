import type { FuzzRequest } from './fuzz-request.ts'

/**
 * The bytes of a request as a socket sends them: the target and headers as given (UTF-8, no
 * validation), a Host header first (the request's own, else `host`), and the body framed by an exact
 * Content-Length or in chunks.
 * @example serializeRequest(request, 'petstore.test').toString('latin1') // 'GET /v1/pets HTTP/1.1\r\nhost:
 *   petstore.test\r\n...'
 */
export function serializeRequest(request: FuzzRequest, host: string): Buffer {
  const { method, target, headers, body, framing } = request
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `host: ${request.host ?? host}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ]
  if (!body) return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8')
  if (framing === 'content-length') {
    lines.push(`content-length: ${body.bytes.byteLength}`)
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body.bytes])
  }
  lines.push('transfer-encoding: chunked')
  const parts: Array<Uint8Array> = [Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8')]
  // Uneven chunk sizes, so that a multi-byte character or a JSON token can straddle two chunks.
  for (let offset = 0, size = 1; offset < body.bytes.byteLength; offset += size, size = size * 7 + 3) {
    const chunk = body.bytes.subarray(offset, offset + size)
    parts.push(Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from('0\r\n\r\n'))
  return Buffer.concat(parts)
}
