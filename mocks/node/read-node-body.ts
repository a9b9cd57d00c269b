import type { IncomingMessage } from 'node:http'
import type { BodyRead } from '../core/operation-request.ts'
import { StreamReadError } from '../core/read-capped-stream.ts'
import { readRequestBody } from '../core/read-request-body.ts'

const nothingRead: BodyRead = Object.freeze({ kind: 'bytes', bytes: new Uint8Array(0) })

/**
 * Reads a node:http request body for the core (`readRequestBody`). A body past the limit is left unread, not
 * destroyed: the server still answers 413 on the connection, then drains and closes it. `onChunk` hears of each
 * piece as it comes (the server's note of when it last heard from the client).
 * @example const body = await readNodeBody(request)
 */
export function readNodeBody(request: IncomingMessage, onChunk?: () => void): Promise<BodyRead> {
  const body = { [Symbol.asyncIterator]: () => request.iterator({ destroyOnReturn: false }) }
  // A client that goes away mid-body gets no answer; the empty read ends the request quietly.
  return readRequestBody(body, request.headers['content-length'], onChunk).catch((error: unknown) => {
    if (error instanceof StreamReadError) return nothingRead
    throw error
  })
}
