import { expect, it } from 'vitest'
import { decodeEscapes } from './decode-escapes.ts'
import { writtenSpan } from './mapped-text.ts'

it('decodes JSON, JavaScript, URL, quoted-printable and HTML escapes in one pass, whatever the mix', () => {
  expect(decodeEscapes({ text: 'a\\/b%2Dc\\x2d\\u{1F600}\\u0041=C3=9C&sol;&#x41;' }).text).toBe('a/b-c-😀AÜ/A')
})

it('decodes a double escape on the second pass', () => {
  const once = decodeEscapes({ text: '%2541 &amp;#66; \\\\u0043' })
  expect(once.text).toBe('%41 &#66; \\u0043')
  expect(decodeEscapes(once).text).toBe('A B C')
})

it('reads a byte run as UTF-8, a byte that starts no UTF-8 sequence as Latin-1, and drops a soft line break', () => {
  expect(decodeEscapes({ text: '%C3%9C%DC=\r\nz' }).text).toBe('ÜÜz')
})

it('maps each decoded character back to the escape it was written as, through two passes', () => {
  const text = 'x %25%34%31%C3%9C y'
  const twice = decodeEscapes(decodeEscapes({ text }))
  expect(twice.text).toBe('x AÜ y')
  expect(writtenSpan(twice, 2, 3)).toEqual({ start: 2, end: 11 })
  expect(writtenSpan(twice, 3, 4)).toEqual({ start: 11, end: 17 })
})

it('leaves a text without escapes as it was, an ampersand that opens no entity included', () => {
  const level = { text: 'R&D 100% a=b' }
  expect(decodeEscapes(level)).toBe(level)
})
