import { decodeHTML } from 'entities'

/** Text with its escapes decoded, and where each span of it came from in the text as written. */
interface DecodedText {
  decoded: string
  /** The span of the written text that decoded units `start` to `end` (exclusive) came from. */
  written(start: number, end: number): { start: number; end: number }
}

// One escaped character as JSON (`\u0041`, `\/`), a URL (`%41`, a run of them for UTF-8) or HTML (`&#65;`, `&#x41;`,
// `&sol;`) writes it. A `+` for a space is left as it is: the patterns match either.
const escaped =
  /(?:%[0-9a-f]{2})+|\\u[0-9a-f]{4}|\\[/"\\'bfnrt]|&(?:#[0-9]{1,8}|#x[0-9a-f]{1,8}|[a-z][a-z0-9]{1,31});?/gi
const jsonShort: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

function decodeOne(token: string): string {
  if (token.startsWith('%')) {
    const bytes = Uint8Array.from(token.slice(1).split('%'), (hex) => Number.parseInt(hex, 16))
    return new TextDecoder().decode(bytes)
  }
  if (token.startsWith('\\u')) return String.fromCharCode(Number.parseInt(token.slice(2), 16))
  if (token.startsWith('\\')) return jsonShort[token[1] as string] ?? (token[1] as string)
  return decodeHTML(token)
}

interface Segment {
  /** First decoded unit of the segment. */
  decoded: number
  /** Where it starts in the written text, and, for an escape, where it ends. */
  raw: number
  rawEnd: number
  literal: boolean
}

/**
 * Decodes every JSON, URL and HTML escape of a text at once, whatever mix a target wrote (PHP's `\/`, `%2d` in any
 * hex case, `&sol;` or `&#x2F;`), so that a secret is found however a target echoed it, and says which written span
 * each decoded span came from, so it can be replaced there. Text without escapes is its own decoding.
 * @example decodeEscapes('a\\/b%2Dc').decoded // 'a/b-c'
 */
export function decodeEscapes(text: string): DecodedText {
  const segments: Array<Segment> = []
  let decoded = ''
  let at = 0
  for (const match of text.matchAll(escaped)) {
    const token = match[0]
    const value = decodeOne(token)
    // An ampersand that opens no entity is plain text.
    if (value === token) continue
    if (match.index > at) {
      segments.push({ decoded: decoded.length, raw: at, rawEnd: match.index, literal: true })
      decoded += text.slice(at, match.index)
    }
    segments.push({ decoded: decoded.length, raw: match.index, rawEnd: match.index + token.length, literal: false })
    decoded += value
    at = match.index + token.length
  }
  if (segments.length === 0) return { decoded: text, written: (start, end) => ({ start, end }) }
  if (at < text.length) {
    segments.push({ decoded: decoded.length, raw: at, rawEnd: text.length, literal: true })
    decoded += text.slice(at)
  }
  const segmentOf = (unit: number): Segment => {
    let low = 0
    let high = segments.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((segments[middle] as Segment).decoded <= unit) low = middle
      else high = middle - 1
    }
    return segments[low] as Segment
  }
  const rawOf = (unit: number, end: boolean): number => {
    const segment = segmentOf(unit)
    if (!segment.literal) return end ? segment.rawEnd : segment.raw
    return segment.raw + (unit - segment.decoded) + (end ? 1 : 0)
  }
  return { decoded, written: (start, end) => ({ start: rawOf(start, false), end: rawOf(end - 1, true) }) }
}
