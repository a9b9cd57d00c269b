import { type BodyRead, maxBodyBytes } from '../core/operation-request.ts'

/**
 * Reads a Fetch `Request` body, stopping as soon as it passes `maxBodyBytes` so that an
 * oversized body is never held whole.
 * @example const body = await readCappedBody(request)
 */
export async function readCappedBody(request: Request): Promise<BodyRead> {
  if (Number(request.headers.get('content-length')) > maxBodyBytes) return { kind: 'too-large' }
  if (!request.body) return { kind: 'bytes', bytes: new Uint8Array(0) }
  const reader = request.body.getReader()
  const chunks: Array<Uint8Array> = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBodyBytes) {
      // Not awaited: on a tee'd stream (msw clones requests) cancel settles only when every branch is cancelled.
      reader.cancel().catch(() => {})
      return { kind: 'too-large' }
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { kind: 'bytes', bytes }
}
