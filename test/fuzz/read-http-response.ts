import type { Socket } from 'node:net'
import type { FuzzAnswer } from './fuzz-answer.ts'
import { shorten } from './fuzz-request.ts'

export interface ReadOptions {
  /** The request was HEAD: the answer has headers only, whatever Content-Length says. */
  head?: boolean
  /** Give up (a "no answer") after this long. Default 5000 ms. */
  timeoutMs?: number
}

/**
 * Reads the first final HTTP/1.1 response from a socket, skipping 1xx interim answers. Written
 * by hand so that whatever the server sends (or fails to send) is reported rather than thrown.
 * @example const answer = await readHttpResponse(socket, { head: false, timeoutMs: 2000 })
 */
export function readHttpResponse(
  socket: Socket,
  { head = false, timeoutMs = 5000 }: ReadOptions = {},
): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    let received = 0
    let lastError = ''
    // Once Content-Length is known, the bytes are only counted until they are all there.
    let expectedTotal = Number.POSITIVE_INFINITY
    let settled = false
    const finish = (answer: FuzzAnswer): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('close', onClose)
      resolve(answer)
    }
    const noAnswer = (reason: string): FuzzAnswer => ({
      kind: 'no-answer',
      reason: `${reason}${lastError ? ` (${lastError})` : ''}`,
    })
    const timer = setTimeout(
      () => finish(noAnswer(`no complete answer within ${timeoutMs} ms after ${received} bytes`)),
      timeoutMs,
    )

    const parse = (ended: boolean) => {
      let buffer = Buffer.concat(chunks, received)
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n')
        if (headEnd === -1)
          return ended
            ? finish(noAnswer(received === 0 ? 'connection closed without a response' : 'connection closed mid-head'))
            : undefined
        const [statusLine = '', ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n')
        const statusMatch = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine)
        if (!statusMatch) return finish(noAnswer(`not an HTTP response: ${shorten(statusLine)}`))
        const status = Number(statusMatch[1])
        const headers: Record<string, string> = {}
        for (const line of lines) {
          const colon = line.indexOf(':')
          if (colon <= 0) return finish(noAnswer(`malformed response header ${shorten(line)}`))
          const name = line.slice(0, colon).trim().toLowerCase()
          const value = line.slice(colon + 1).trim()
          headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
        }
        const rest = buffer.subarray(headEnd + 4)
        if (status >= 100 && status < 200) {
          buffer = rest
          continue
        }
        const respond = (body: string): void => finish({ kind: 'response', status, headers, body })
        if (head || status === 204 || status === 304) return respond('')
        if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
          const body = decodeChunked(rest)
          if (body !== undefined) return respond(body)
          return ended ? finish(noAnswer('connection closed mid chunked body')) : undefined
        }
        if (headers['content-length'] !== undefined) {
          const length = Number(headers['content-length'])
          if (rest.byteLength >= length) return respond(rest.subarray(0, length).toString('utf8'))
          expectedTotal = received - rest.byteLength + length
          return ended
            ? finish(noAnswer(`connection closed after ${rest.byteLength} of ${length} body bytes`))
            : undefined
        }
        return ended ? respond(rest.toString('utf8')) : undefined
      }
    }
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk)
      received += chunk.byteLength
      if (!Number.isFinite(expectedTotal) || received >= expectedTotal) parse(false)
    }
    const onClose = (): void => parse(true)
    socket.on('data', onData)
    socket.on('close', onClose)
    // A reset after the answer arrived is normal (413 closes the connection); before, it is reported.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      lastError = error.code ?? error.message
    })
  })
}

function decodeChunked(data: Buffer): string | undefined {
  const parts: Array<Buffer> = []
  let offset = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset)
    if (lineEnd === -1) return undefined
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16)
    if (Number.isNaN(size)) return undefined
    if (size === 0) return Buffer.concat(parts).toString('utf8')
    if (data.byteLength < lineEnd + 2 + size + 2) return undefined
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    offset = lineEnd + 2 + size + 2
  }
}
