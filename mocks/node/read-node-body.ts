import type { IncomingMessage } from 'node:http'
import { type BodyRead, declaredTooLarge, maxBodyBytes } from '../core/operation-request.ts'

const nothingRead: BodyRead = Object.freeze({ kind: 'bytes', bytes: new Uint8Array(0) })
const tooLarge: BodyRead = Object.freeze({ kind: 'too-large' })

/**
 * Reads a node:http request body for the core: up to `maxBodyBytes`, and not at all when its `Content-Length`
 * already passes them (the rules of `readRequestBody`, which the other transports use). A body past the limit
 * is left unread, not destroyed: the server still answers 413 on the connection, then drains and closes it.
 * A client that goes away mid-body gets no answer; the empty read ends the request quietly. `onChunk` hears of
 * each piece as it comes (the server's note of when it last heard from the client).
 *
 * The stream's own events, not its async iterator: the iterator costs a POST about a tenth of its CPU time
 * (docs/performance.md).
 * @example const body = await readNodeBody(request)
 */
export function readNodeBody(request: IncomingMessage, onChunk?: () => void): Promise<BodyRead> {
  if (declaredTooLarge(request.headers['content-length'])) return Promise.resolve(tooLarge)
  // Events already past are not heard again: a body read before, or a connection gone before.
  if (request.readableEnded || request.destroyed) return Promise.resolve(nothingRead)
  return new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    let bytesRead = 0
    const settle = (read: BodyRead): void => {
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onFailure)
      request.off('close', onFailure)
      resolve(read)
    }
    const onData = (chunk: Buffer): void => {
      onChunk?.()
      if (bytesRead + chunk.byteLength > maxBodyBytes) {
        request.pause()
        settle(tooLarge)
        return
      }
      chunks.push(chunk)
      bytesRead += chunk.byteLength
    }
    const onEnd = (): void => {
      const [only] = chunks
      settle({ kind: 'bytes', bytes: chunks.length === 1 && only ? only : Buffer.concat(chunks, bytesRead) })
    }
    // An error, or a close before the end: the connection went away mid-body.
    const onFailure = (): void => settle(nothingRead)
    request.on('data', onData)
    request.once('end', onEnd)
    request.once('error', onFailure)
    request.once('close', onFailure)
  })
}
