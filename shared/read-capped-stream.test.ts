import { Readable } from 'node:stream'
import { expect, it } from 'vitest'
import { readCappedStream, StreamReadError } from './read-capped-stream.ts'

const bytes = (length: number, fill = 1) => new Uint8Array(length).fill(fill)

/** A web stream of `chunks` that counts how many it was asked for and whether it was cancelled. */
function countedStream(chunks: ReadonlyArray<Uint8Array>) {
  const seen = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[seen.pulled++]
        if (chunk) controller.enqueue(chunk)
        else controller.close()
      },
      cancel() {
        seen.cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, seen }
}

it('reads a stream whole up to the cap, a body of exactly the cap included', async () => {
  const { stream } = countedStream([bytes(3, 1), bytes(4, 2), bytes(3, 3)])
  const read = await readCappedStream(stream, 10)
  expect(read).toEqual({ truncated: false, bytes: Uint8Array.of(1, 1, 1, 2, 2, 2, 2, 3, 3, 3) })
})

it('lets a web stream go at the first chunk past the cap, pulling nothing more', async () => {
  const { stream, seen } = countedStream([bytes(6), bytes(6), bytes(6), bytes(6)])
  const read = await readCappedStream(stream, 10)
  expect(read).toEqual({ truncated: true, start: new Uint8Array(0), bytesRead: 6 })
  expect(seen).toEqual({ pulled: 2, cancelled: true })
})

it('keeps the start of a stream that passes the cap when asked, never more than it read', async () => {
  const { stream } = countedStream([Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6), bytes(10)])
  expect(await readCappedStream(stream, 8, { keep: 4 })).toEqual({
    truncated: true,
    start: Uint8Array.of(1, 2, 3, 4),
    bytesRead: 6,
  })
  const short = countedStream([Uint8Array.of(1, 2), bytes(10)]).stream
  expect(await readCappedStream(short, 8, { keep: 64 })).toMatchObject({ start: Uint8Array.of(1, 2), bytesRead: 2 })
})

it('reads a node stream the same way', async () => {
  const whole = await readCappedStream(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4)
  expect(whole).toEqual({ truncated: false, bytes: new Uint8Array(Buffer.from('abcd')) })
  const over = await readCappedStream(Readable.from([Buffer.from('ab'), Buffer.from('cde')]), 4)
  expect(over).toMatchObject({ truncated: true, bytesRead: 2 })
})

it('reads a stream that offers only a reader, as some browsers give', async () => {
  const { stream, seen } = countedStream([bytes(2), bytes(2), bytes(9)])
  const readerOnly = { getReader: () => stream.getReader() } as unknown as ReadableStream<Uint8Array>
  expect(await readCappedStream(readerOnly, 5)).toMatchObject({ truncated: true, bytesRead: 4 })
  expect(seen.cancelled).toBe(true)
})

it('answers past the cap on a tee-d stream whose cancel waits for the other branch', async () => {
  // An endless source: a cancel of one branch settles only when the other branch is cancelled too.
  const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(bytes(6)) })
  const [branch] = endless.tee()
  expect(await readCappedStream(branch, 10)).toMatchObject({ truncated: true, bytesRead: 6 })
})

it('throws a StreamReadError with the bytes read when the stream fails before its end', async () => {
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
  let sent = 0
  const failing = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === 0) controller.enqueue(bytes(5))
      else controller.error(reset)
    },
  })
  const error = await readCappedStream(failing, 100).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(StreamReadError)
  expect(error).toMatchObject({ bytesRead: 5, cause: reset })
})
