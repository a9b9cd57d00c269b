import { expect, it } from 'vitest'
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
