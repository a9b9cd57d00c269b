/**
 * Reads a response body as text, stopping at `cap` bytes so that a huge answer cannot exhaust memory. The bytes
 * counted are the decoded ones (`fetch` has already undone a Content-Encoding), so a gzip bomb stops at the cap
 * too. A failure while reading (a reset, the request's deadline) is thrown with the bytes read so far.
 * @example const { text, truncated, bytes } = await readCappedText(response, 5_000_000)
 */
export async function readCappedText(
  response: Response,
  cap: number,
): Promise<{ text: string; truncated: boolean; bytes: number }> {
  if (!response.body) return { text: '', truncated: false, bytes: 0 }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      throw new BodyReadError(error, bytes)
    }
    if (chunk.done) return { text: text + decoder.decode(), truncated: false, bytes }
    bytes += chunk.value.byteLength
    if (bytes > cap) {
      reader.cancel().catch(() => {})
      return { text, truncated: true, bytes: bytes - chunk.value.byteLength }
    }
    text += decoder.decode(chunk.value, { stream: true })
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
