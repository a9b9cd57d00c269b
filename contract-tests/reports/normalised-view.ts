import { type MappedText, mappedTextBuilder } from './mapped-text.ts'

// Marks (combining accents), format characters (zero-width space, soft hyphen, joiners), controls (C0, DEL, C1),
// separators and white space: a target may put any of them between or after the characters of a key, and none
// belongs to a key's run.
const dropped = /[\p{M}\p{Cf}\p{Cc}\p{White_Space}]/u

/** The longest terminal sequence (an OSC title, say) skipped whole; a longer one loses only its introducer. */
const longestSequence = 256

/**
 * The view of a text in which a secret is looked for: NFKD (full-width letters, ligatures, compatibility forms are
 * their plain letters, an accented letter its base letter and its marks), case folded, with every mark, format
 * character, control, separator and white space dropped, and every terminal escape sequence (`ESC [ 0 m`, an OSC
 * title) dropped whole. Bytes a header carried raw, which node reads one a character (Latin-1), are read as the
 * UTF-8 they form first. Each unit keeps the span of the written text it came from.
 * @example normalisedView({ text: 'Ｓｋ\u200b-L i\u00adve' }).text // 'sk-live'
 * @example normalisedView({ text: 's\u0000k\u001b[0m-\u0301l' }).text // 'sk-l'
 */
export function normalisedView(level: MappedText): MappedText {
  const { text, starts, ends } = level
  const startOf = (unit: number): number => (starts ? (starts[unit] as number) : unit)
  const endOf = (unit: number): number => (ends ? (ends[unit] as number) : unit + 1)
  const builder = mappedTextBuilder(text.length)
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at)
    if (code > 0x20 && code < 0x7f) {
      const folded = code >= 0x41 && code <= 0x5a ? code + 0x20 : code
      builder.unit(folded, startOf(at), endOf(at))
      at++
      continue
    }
    if (code === 0x1b || code === 0x9b) {
      at = afterSequence(text, at)
      continue
    }
    if (code <= 0x20 || code === 0x7f) {
      at++
      continue
    }
    const bytes = code >= 0xc2 && code <= 0xf4 ? utf8Length(text, at) : 0
    const units = bytes > 0 ? bytes : unitsAt(text, at)
    const character = bytes > 0 ? Buffer.from(text.slice(at, at + bytes), 'latin1').toString('utf8') : undefined
    for (const piece of (character ?? text.slice(at, at + units)).normalize('NFKD'))
      if (!dropped.test(piece)) builder.add(piece.toUpperCase().toLowerCase(), startOf(at), endOf(at + units - 1))
    at += units
  }
  return builder.done()
}

/**
 * How many characters from `at` form one UTF-8 sequence read as Latin-1 (a lead byte, then continuation bytes, each a
 * character of U+0080 to U+00FF), or 0 where they form none.
 */
function utf8Length(text: string, at: number): number {
  const lead = text.charCodeAt(at)
  const size = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4
  if (at + size > text.length) return 0
  for (let next = at + 1; next < at + size; next++) {
    const code = text.charCodeAt(next)
    if (code < 0x80 || code > 0xbf) return 0
  }
  return size
}

/**
 * Where a terminal escape sequence starting at `at` ends (ECMA-48): a CSI (`ESC [` or U+009B, parameters,
 * intermediates, a final byte), an OSC (`ESC ]` up to BEL or `ESC \`), or `ESC` and one more character.
 */
function afterSequence(text: string, at: number): number {
  const csi = text.charCodeAt(at) === 0x9b ? at + 1 : text[at + 1] === '[' ? at + 2 : -1
  if (csi !== -1) {
    let end = csi
    while (end < text.length && end - at < longestSequence && inRange(text, end, 0x30, 0x3f)) end++
    while (end < text.length && end - at < longestSequence && inRange(text, end, 0x20, 0x2f)) end++
    return end < text.length && inRange(text, end, 0x40, 0x7e) ? end + 1 : csi
  }
  if (text[at + 1] === ']') {
    for (let end = at + 2; end < text.length && end - at < longestSequence; end++) {
      if (text.charCodeAt(end) === 0x07) return end + 1
      if (text.charCodeAt(end) === 0x1b && text[end + 1] === '\\') return end + 2
    }
    return at + 2
  }
  return at + 1 < text.length && inRange(text, at + 1, 0x20, 0x7e) ? at + 2 : at + 1
}

const inRange = (text: string, at: number, low: number, high: number): boolean =>
  text.charCodeAt(at) >= low && text.charCodeAt(at) <= high
const unitsAt = (text: string, at: number): number => ((text.codePointAt(at) as number) > 0xffff ? 2 : 1)
