import { type BodyRead, maxBodyBytes } from './operation-request.ts'
import { type ByteStream, readCappedStream } from './read-capped-stream.ts'

/**
 * Reads a request body for the core, whatever transport brought it: up to `maxBodyBytes`, and not at all when
 * its `Content-Length` already passes them, so an oversized body is never held whole. `onChunk` hears of each
 * piece as it comes.
 * @example const body = await readRequestBody(request.body, request.headers.get('content-length'))
 * @throws StreamReadError when the body fails before its end (the client went away)
 */
export async function readRequestBody(
  body: ByteStream | null | undefined,
  contentLength: string | null | undefined,
  onChunk?: () => void,
): Promise<BodyRead> {
  if (Number(contentLength) > maxBodyBytes) return { kind: 'too-large' }
  if (!body) return { kind: 'bytes', bytes: new Uint8Array(0) }
  const read = await readCappedStream(body, maxBodyBytes, { onChunk })
  return read.truncated ? { kind: 'too-large' } : { kind: 'bytes', bytes: read.bytes }
}
