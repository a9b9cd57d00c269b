import { type MappedText, mappedTextBuilder } from './mapped-text.ts'

const mark = /\p{M}/u
// Format characters (zero-width space, soft hyphen, joiners), separators and white space: a target may put any of
// them between the characters of a key, and none belongs to a key's run.
const dropped = /[\p{Cf}\p{White_Space}]/u

/**
 * The view of a text in which a secret is looked for: NFKC (full-width letters, ligatures, compatibility forms are
 * their plain letters), case folded, with every format character, separator and white space dropped. Each unit
 * keeps the span of the written text it came from. A character is normalised with the marks that follow it, so a
 * decomposed `U` and diaeresis reads as a composed `ü`.
 * @example normalisedView({ text: 'Ｓｋ\u200b-L i\u00adve' }).text // 'sk-live'
 */
export function normalisedView(level: MappedText): MappedText {
  const { text, starts, ends } = level
  const startOf = (unit: number): number => (starts ? (starts[unit] as number) : unit)
  const endOf = (unit: number): number => (ends ? (ends[unit] as number) : unit + 1)
  const builder = mappedTextBuilder(text.length)
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at)
    // A letter with a mark after it (a decomposed `ü`) is normalised as one.
    if (code < 0x80 && !(text.charCodeAt(at + 1) >= 0x300 && mark.test(String.fromCodePoint(codeAt(text, at + 1))))) {
      const kept = code !== 0x20 && (code < 0x09 || code > 0x0d)
      const folded = code >= 0x41 && code <= 0x5a ? code + 0x20 : code
      if (kept) builder.unit(folded, starts ? (starts[at] as number) : at, ends ? (ends[at] as number) : at + 1)
      at++
      continue
    }
    let end = at + unitsAt(text, at)
    while (end < text.length && text.charCodeAt(end) >= 0x300 && mark.test(String.fromCodePoint(codeAt(text, end))))
      end += unitsAt(text, end)
    for (const character of text.slice(at, end).normalize('NFKC'))
      if (!dropped.test(character)) builder.add(character.toUpperCase().toLowerCase(), startOf(at), endOf(end - 1))
    at = end
  }
  return builder.done()
}

const codeAt = (text: string, at: number): number => text.codePointAt(at) as number
const unitsAt = (text: string, at: number): number => (codeAt(text, at) > 0xffff ? 2 : 1)
