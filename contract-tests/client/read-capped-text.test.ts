import { expect, it } from 'vitest'
import { StreamReadError } from '../../shared/read-capped-stream.ts'
import { readCappedText } from './read-capped-text.ts'

const streamed = (...chunks: Array<Array<number>>) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk))
        controller.close()
      },
    }),
  )
const bytes = (text: string) => [...new TextEncoder().encode(text)]

it('reads UTF-8 split anywhere across chunks as the text it is', async () => {
  const all = bytes('{"name":"Zoë 🐕"}')
  expect(await readCappedText(streamed(all.slice(0, 12), all.slice(12, 15), all.slice(15)), 1000)).toEqual({
    text: '{"name":"Zoë 🐕"}',
    truncated: false,
    bytes: all.length,
    bom: false,
    utf8: true,
  })
})

it('reports a byte order mark a default decoder would drop without a word, and leaves it out of the text', async () => {
  expect(await readCappedText(streamed([0xef, 0xbb], [0xbf, ...bytes('[]')]), 1000)).toMatchObject({
    text: '[]',
    bom: true,
    utf8: true,
  })
})

it('reports bytes that are not UTF-8, a Latin-1 "é" among them, and a sequence cut off at the end', async () => {
  expect(await readCappedText(streamed([...bytes('"Zo'), 0xeb, ...bytes('"')]), 1000)).toMatchObject({
    text: '"Zo\uFFFD"',
    utf8: false,
  })
  expect(await readCappedText(streamed([...bytes('"a'), 0xc3]), 1000)).toMatchObject({ utf8: false })
})

it('stops at the cap', async () => {
  expect(await readCappedText(streamed(bytes('12345'), bytes('67890')), 7)).toMatchObject({
    text: '12345',
    truncated: true,
  })
})

it('keeps the first 64 KB of a body past the cap as text, counts the bytes read, and lets the rest go', async () => {
  let cancelled = false
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) => controller.enqueue(new Uint8Array(40 * 1024).fill(0x61)),
    cancel() {
      cancelled = true
    },
  })
  // Five chunks fill the cap exactly; the sixth passes it.
  const read = await readCappedText(new Response(body), 200 * 1024)
  expect(read).toMatchObject({ truncated: true, bytes: 200 * 1024, utf8: true, bom: false })
  expect(read.text).toBe('a'.repeat(64 * 1024))
  await expect.poll(() => cancelled).toBe(true)
})

it('reads an answer without a body as empty text', async () => {
  expect(await readCappedText(new Response(null, { status: 204 }), 10)).toEqual({
    text: '',
    truncated: false,
    bytes: 0,
    bom: false,
    utf8: true,
  })
})

it('throws the failure of a body cut off while it arrives, with the bytes read before it', async () => {
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 2) controller.enqueue(new Uint8Array(3))
      else controller.error(reset)
    },
  })
  const error = await readCappedText(new Response(body), 1000).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(StreamReadError)
  expect(error).toMatchObject({ bytesRead: 6, cause: reset })
})
