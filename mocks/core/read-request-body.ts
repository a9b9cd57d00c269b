import { type ByteStream, readCappedStream } from '../../shared/read-capped-stream.ts'
import { type BodyRead, declaredTooLarge, maxBodyBytes } from './operation-request.ts'

/**
 * Reads a request body for the core from a web stream (the MSW transports; the node server reads its own
 * with `readNodeBody`, by the same rules): up to `maxBodyBytes`, and not at all when its `Content-Length`
 * already passes them, so an oversized body is never held whole.
 * @example const body = await readRequestBody(request.body, request.headers.get('content-length'))
 * @throws StreamReadError when the body fails before its end (the client went away)
 */
export async function readRequestBody(
  body: ByteStream | null | undefined,
  contentLength: string | null | undefined,
): Promise<BodyRead> {
  if (declaredTooLarge(contentLength)) return { kind: 'too-large' }
  if (!body) return { kind: 'bytes', bytes: new Uint8Array(0) }
  const read = await readCappedStream(body, maxBodyBytes)
  return read.truncated ? { kind: 'too-large' } : { kind: 'bytes', bytes: read.bytes }
}
