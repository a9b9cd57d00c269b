/** Bytes kept of a body that passes the cap: its start, for the report; the rest is counted and dropped. */
const keptOfTruncated = 64 * 1024

/**
 * Reads a response body as text, stopping at `cap` bytes so that a huge answer cannot exhaust memory. The bytes
 * counted are the decoded ones (`fetch` has already undone a Content-Encoding), so a gzip bomb stops at the cap
 * too. The chunks are decoded once, at the end: a body that passes the cap is never turned into a string beyond
 * its first 64 KB. A failure while reading (a reset, the request's deadline) is thrown with the bytes read so far.
 * @example const { text, truncated, bytes } = await readCappedText(response, 5_000_000)
 */
export async function readCappedText(
  response: Response,
  cap: number,
): Promise<{ text: string; truncated: boolean; bytes: number }> {
  if (!response.body) return { text: '', truncated: false, bytes: 0 }
  const reader = response.body.getReader()
  const chunks: Array<Uint8Array> = []
  let bytes = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      throw new BodyReadError(error, bytes)
    }
    if (chunk.done) return { text: new TextDecoder().decode(Buffer.concat(chunks, bytes)), truncated: false, bytes }
    if (bytes + chunk.value.byteLength > cap) {
      reader.cancel().catch(() => {})
      const start = Buffer.concat(chunks, bytes).subarray(0, keptOfTruncated)
      return { text: new TextDecoder().decode(start, { stream: true }), truncated: true, bytes }
    }
    chunks.push(chunk.value)
    bytes += chunk.value.byteLength
  }
}

/** The body failed after `bytesRead` bytes: the connection was reset, or the request's deadline passed. */
export class BodyReadError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly bytesRead: number,
  ) {
    super('Failed to read the response body', { cause })
    this.name = 'BodyReadError'
  }
}
