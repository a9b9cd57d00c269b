/**
 * A source of bytes: a web `ReadableStream` (a fetch body, in Node or a browser) or any async iterable of bytes
 * (a node stream).
 */
export type ByteStream = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>

/** What `readCappedStream` read: every byte, or word that the stream passed the cap, with the start asked for. */
type CappedRead = { truncated: false; bytes: Uint8Array } | { truncated: true; start: Uint8Array; bytesRead: number }

interface CappedReadOptions {
  /** Bytes to keep from the start of a stream that passes the cap (for a report). Default 0: none. */
  keep?: number
}

/** The stream failed after `bytesRead` bytes: the connection was reset, a deadline passed, the client went away. */
export class StreamReadError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly bytesRead: number,
  ) {
    super(`Failed to read a byte stream: expected its end, got an error after ${bytesRead} bytes.`, { cause })
    this.name = 'StreamReadError'
  }
}

/**
 * Reads a byte stream whole, up to `cap` bytes: a stream that passes it is let go (a web stream cancelled) at the
 * first chunk beyond, so it is never held whole; `bytesRead` counts the bytes before that chunk. The bytes counted
 * are those the stream yields (a fetch body's after its Content-Encoding is undone, so a gzip bomb stops too).
 * @example
 * const read = await readCappedStream(request.body, 1024 * 1024)
 * if (read.truncated) return tooLarge()
 * @throws StreamReadError when the stream fails before its end
 */
export async function readCappedStream(
  source: ByteStream,
  cap: number,
  { keep = 0 }: CappedReadOptions = {},
): Promise<CappedRead> {
  const chunks = iterate(source)
  const kept: Array<Uint8Array> = []
  let bytesRead = 0
  for (;;) {
    let next: IteratorResult<Uint8Array>
    try {
      next = await chunks.next()
    } catch (error) {
      throw new StreamReadError(error, bytesRead)
    }
    if (next.done) return { truncated: false, bytes: concat(kept, bytesRead) }
    if (bytesRead + next.value.byteLength > cap) {
      // Not awaited: a tee'd web stream (msw clones requests) settles a cancel only once every branch is cancelled.
      Promise.resolve(chunks.return?.()).catch(() => {})
      return { truncated: true, start: concat(kept, Math.min(keep, bytesRead)), bytesRead }
    }
    kept.push(next.value)
    bytesRead += next.value.byteLength
  }
}

function iterate(source: ByteStream): AsyncIterator<Uint8Array> {
  if (Symbol.asyncIterator in source) return (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]()
  // Some browsers' streams are no async iterables yet: their reader serves the same.
  const reader = (source as ReadableStream<Uint8Array>).getReader()
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: () => reader.cancel().then(() => ({ done: true, value: undefined })),
  }
}

/** The first `length` bytes of `chunks`, in one array. */
function concat(chunks: ReadonlyArray<Uint8Array>, length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    if (offset === length) break
    const part = chunk.byteLength <= length - offset ? chunk : chunk.subarray(0, length - offset)
    bytes.set(part, offset)
    offset += part.byteLength
  }
  return bytes
}
