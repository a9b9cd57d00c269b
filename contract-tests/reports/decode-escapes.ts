import { decodeHTML } from 'entities'
import { type MappedText, mappedTextBuilder, writtenSpan } from './mapped-text.ts'

// One escaped character as JSON (`\u0041`, `\/`), JavaScript (`\u{41}`, `\x41`), a URL (`%41`), quoted-printable
// (`=41`, and `=` ending a line, a soft break) or HTML (`&#65;`, `&#x41;`, `&sol;`) writes it. A run of byte escapes
// is UTF-8 (or Latin-1 where it is not). A `+` for a space is left as it is: a secret's runs have it both ways.
const escaped = new RegExp(
  [
    String.raw`(?:%[0-9a-f]{2}|\\x[0-9a-f]{2}|=[0-9a-f]{2})+`,
    String.raw`=\r?\n`,
    String.raw`\\u\{[0-9a-f]{1,6}\}`,
    String.raw`\\u[0-9a-f]{4}`,
    String.raw`\\[/"\\'bfnrt]`,
    '&(?:#[0-9]{1,8}|#x[0-9a-f]{1,8}|[a-z][a-z0-9]{1,31});?',
  ].join('|'),
  'gi',
)
const byteEscape = /[%=]([0-9a-f]{2})|\\x([0-9a-f]{2})/gi
const jsonShort: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

/** A decoded piece of an escape, and the units `from` to `to` of the text it was written in. */
interface Piece {
  text: string
  from: number
  to: number
}

/**
 * Decodes every JSON, JavaScript, URL, quoted-printable and HTML escape of a text at once, whatever mix a target
 * wrote (PHP's `\/`, `%2d` in any hex case, `&sol;` or `&#x2F;`), keeping for each decoded unit the span of the
 * written text it came from, so that a secret found there is replaced where it was written. Applied twice, it
 * decodes a double escape (`%252D`, `&amp;#45;`). A text without escapes comes back as it was.
 * @example decodeEscapes({ text: 'a\\/b%2Dc\\x2d' }).text // 'a/b-c-'
 */
export function decodeEscapes(level: MappedText): MappedText {
  const { text } = level
  let builder: ReturnType<typeof mappedTextBuilder> | undefined
  let at = 0
  for (const match of text.matchAll(escaped)) {
    const pieces = piecesOf(match[0], match.index)
    // An ampersand that opens no entity is plain text.
    if (!pieces) continue
    builder ??= mappedTextBuilder(text.length)
    builder.copy(level, at, match.index)
    for (const piece of pieces) {
      const { start, end } = writtenSpan(level, piece.from, piece.to)
      builder.add(piece.text, start, end)
    }
    at = match.index + match[0].length
  }
  if (!builder) return level
  builder.copy(level, at, text.length)
  return builder.done()
}

function piecesOf(token: string, index: number): Array<Piece> | undefined {
  const whole = (decoded: string): Array<Piece> => [{ text: decoded, from: index, to: index + token.length }]
  const first = token[0] as string
  const second = (token[1] as string).toLowerCase()
  if (first === '=' && (second === '\r' || second === '\n')) return []
  if (first === '%' || first === '=' || (first === '\\' && second === 'x')) {
    const bytes = [...token.matchAll(byteEscape)].map((unit) => ({
      byte: Number.parseInt((unit[1] ?? unit[2]) as string, 16),
      from: index + unit.index,
      to: index + unit.index + unit[0].length,
    }))
    return utf8Pieces(bytes)
  }
  if (token.startsWith('\\u{') || token.startsWith('\\U{')) {
    const code = Number.parseInt(token.slice(3, -1), 16)
    return code <= 0x10ffff ? whole(String.fromCodePoint(code)) : undefined
  }
  if (second === 'u') return whole(String.fromCharCode(Number.parseInt(token.slice(2), 16)))
  if (first === '\\') return whole(jsonShort[token[1] as string] ?? (token[1] as string))
  const decoded = decodeHTML(token)
  return decoded === token ? undefined : whole(decoded)
}

/** One escaped byte, and where it was written. */
interface ByteAt {
  byte: number
  from: number
  to: number
}

/** Bytes decoded as UTF-8, a character at a time; a byte that starts no UTF-8 sequence is Latin-1. */
function utf8Pieces(bytes: Array<ByteAt>): Array<Piece> {
  const pieces: Array<Piece> = []
  for (let at = 0; at < bytes.length; ) {
    const lead = (bytes[at] as ByteAt).byte
    const size = lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0
    let code = size <= 1 ? lead : lead & (0xff >> (size + 1))
    for (let next = 1; next < size && code >= 0; next++) {
      const byte = bytes[at + next]?.byte
      code = byte !== undefined && (byte & 0xc0) === 0x80 ? (code << 6) | (byte & 0x3f) : -1
    }
    const width = size > 0 && code >= 0 && code <= 0x10ffff ? size : 1
    const text = width === size ? String.fromCodePoint(code) : String.fromCharCode(lead)
    pieces.push({ text, from: (bytes[at] as ByteAt).from, to: (bytes[at + width - 1] as ByteAt).to })
    at += width
  }
  return pieces
}
