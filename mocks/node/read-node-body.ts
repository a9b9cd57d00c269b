import type { IncomingMessage } from 'node:http'
import { type BodyRead, maxBodyBytes } from '../core/operation-request.ts'

const nothingRead: BodyRead = Object.freeze({ kind: 'bytes', bytes: new Uint8Array(0) })

/**
 * Reads a node:http request body, giving up as soon as it passes `maxBodyBytes` (or at once when
 * `Content-Length` already says so), so an oversized body is never held whole. `onChunk` hears of each
 * piece as it comes (the server's note of when it last heard from the client).
 * @example const body = await readNodeBody(request)
 */
export function readNodeBody(request: IncomingMessage, onChunk?: () => void): Promise<BodyRead> {
  if (Number(request.headers['content-length']) > maxBodyBytes) return Promise.resolve({ kind: 'too-large' })
  return new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    let total = 0
    const onData = (chunk: Buffer): void => {
      onChunk?.()
      total += chunk.byteLength
      if (total <= maxBodyBytes) {
        chunks.push(chunk)
        return
      }
      request.off('data', onData)
      chunks.length = 0
      resolve({ kind: 'too-large' })
    }
    request.on('data', onData)
    request.on('end', () => resolve({ kind: 'bytes', bytes: Buffer.concat(chunks, total) }))
    // A client that goes away mid-body gets no answer; the empty read ends the request quietly.
    const gone = (): void => resolve(nothingRead)
    request.on('error', gone)
    request.once('close', gone)
  })
}
