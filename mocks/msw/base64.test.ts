import { expect, it } from 'vitest'
import { decodeBase64, encodeBase64 } from './base64.ts'

it('gives back every byte value, across slices, as Node reads the same text', () => {
  const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256)
  const text = encodeBase64(bytes)
  expect(text).toBe(Buffer.from(bytes).toString('base64'))
  expect(decodeBase64(text)).toEqual(bytes)
  expect(encodeBase64(new Uint8Array(0))).toBe('')
})
