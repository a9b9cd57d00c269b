import { normalisedView } from './normalised-view.ts'
import type { RunIndex } from './run-finder.ts'

/** A run of this many characters of a secret counts as the secret, wherever it stands. */
const strongRun = 12
/** ...and, for a secret shorter than `shortSecret`, a run of `weakRun` that does not read as words. */
const weakRun = 8
const shortSecret = 24
/** A piece shorter than a run that ends where the suite cut a text (`...`): plain, and of an encoding. */
const cutPlain = 5
const cutEncoded = 8
/** A form shorter than this is found only as a whole word (`secretPattern`), never as a run. */
export const anywhereLength = 8

const normalised = (text: string): string => normalisedView({ text }).text
// Letters in one case (or capitalised), joined by nothing but `-`, `_`, `.` or a space: words, not a piece of a key.
const word = String.raw`(?:\p{Ll}+|\p{Lu}\p{Ll}*|\p{Lu}+)`
const wordLike = new RegExp(String.raw`^[-_.\s]*${word}(?:[-_.\s]+${word})*[-_.\s]*$`, 'u')
const reversed = (text: string): string => [...text].reverse().join('')
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')
const windowOf = (plain: string): number => Math.min(plain.length, plain.length < shortSecret ? weakRun : strongRun)
/** The base64 characters that `window` bytes in a row determine wholly, whatever their alignment in the stream. */
const base64Window = (window: number): number => Math.floor((8 * window - 4) / 6)

/** Each encoding of a text a target may echo, with the run of it that stands for `window` characters of the text. */
function encodings(bytes: Uint8Array, window: number): Array<{ encoded: string; window: number }> {
  // The text at each of the three alignments it may have in a longer base64 value (`Basic user:key`), ending it
  // or not (the last character then differs), in the standard and the URL alphabets, with or without padding.
  const base64 = [0, 1, 2].flatMap((skip) => {
    const standard = Buffer.from(bytes.subarray(skip)).toString('base64').replace(/=+$/, '')
    return [standard, standard.replaceAll('+', '-').replaceAll('/', '_')]
  })
  return [
    { encoded: hex(bytes), window: 2 * window },
    ...base64.map((encoded) => ({ encoded, window: base64Window(window) })),
  ]
}

/** Where the runs of secrets go: those that stand for a secret, and the shorter pieces that count at a cut. */
interface SecretRuns {
  runs: RunIndex
  cut: RunIndex
}

/**
 * The runs of characters that stand for a secret in a normalised view (`normalisedView`), by length: every run of
 * 12 characters of each secret and of each credential derived from one, forwards and reversed, and, of one shorter
 * than 24, every run of 8 that does not read as words (letters in one case joined by `-`, `_`, `.`: the development
 * key's "etstore-" is in "petstore-contract", a mixed-case or digit-bearing run is a piece of a key); then the runs
 * of its hex and base64 (standard and URL alphabets, at every alignment) that stand for such a run of it; for a
 * secret, of its hex and base64 encoded once more (two levels).
 * A secret shorter than `anywhereLength` has runs only in its encodings: `secretPattern` finds it as a word.
 * `cut` holds the pieces too short for a run that still count where the suite cut a text it quotes (an excerpt
 * ending `…`): 5 characters or more that do not read as words, 8 or more of an encoding. Both are added to `into`.
 * @example secretRuns(['sk-0123456789abcdef'], [], into); into.runs.holds('sk-01234', 0, 8) // true
 */
export function secretRuns(
  secrets: ReadonlyArray<string>,
  derived: ReadonlyArray<string>,
  { runs, cut }: SecretRuns,
): void {
  const add = (form: string, window: number, pieces = true): void => {
    if (form.length < anywhereLength) return
    const size = Math.max(anywhereLength, Math.min(window, form.length))
    runs.addEvery(form, size)
    if (!pieces) return
    for (let length = cutEncoded; length < size; length++) cut.addEvery(form, length)
  }
  const addPlain = (secret: string): void => {
    const view = normalisedView({ text: secret })
    const plain = view.text
    const window = windowOf(plain)
    for (const form of [plain, reversed(plain)]) add(form, strongRun, false)
    const writtenRun = (start: number, length: number): string =>
      secret.slice(view.starts?.[start], view.ends?.[start + length - 1])
    for (let length = cutPlain; length < Math.min(window, strongRun); length++)
      for (let start = 0; start + length <= plain.length; start++) {
        const piece = plain.slice(start, start + length)
        if (wordLike.test(writtenRun(start, length))) continue
        cut.add(piece)
        cut.add(reversed(piece))
      }
    if (window >= strongRun || plain.length < anywhereLength) return
    for (let start = 0; start + window <= plain.length; start++) {
      const run = plain.slice(start, start + window)
      if (wordLike.test(writtenRun(start, window))) continue
      runs.add(run)
      runs.add(reversed(run))
    }
  }
  // The pieces of an encoding of an encoding are left out: a cut leaves the start of an echo, mostly of one level.
  const addEncodings = (bytes: Uint8Array, window: number, levels: number, pieces = true): void => {
    for (const { encoded, window: encodedWindow } of encodings(bytes, window)) {
      add(normalised(encoded), encodedWindow, pieces)
      if (levels > 1) addEncodings(new TextEncoder().encode(encoded), encodedWindow, levels - 1, false)
    }
  }
  for (const [secret, levels] of [...secrets.map((s) => [s, 2] as const), ...derived.map((s) => [s, 1] as const)]) {
    // A space may be written `+` in a query string: the view drops the one and keeps the other.
    for (const written of new Set([secret, secret.replaceAll(' ', '+')])) addPlain(written)
    const plain = normalised(secret)
    addEncodings(new TextEncoder().encode(secret), Math.max(1, windowOf(plain)), levels)
  }
}
