import { decodeEscapes } from './decode-escapes.ts'
import { type MappedText, writtenSpan } from './mapped-text.ts'
import { normalisedView } from './normalised-view.ts'
import { runFinder } from './run-finder.ts'
import { secretPattern } from './secret-pattern.ts'
import { anywhereLength, secretRuns } from './secret-runs.ts'

/** What stands in a report where a secret was: also a working shell reference for curl lines. */
export const redactedKey = '$PETSTORE_API_KEY'

/** The secrets to keep out of every output, and the credentials a run derived from them (near-copies of a key). */
export interface Secrets {
  secrets: ReadonlyArray<string>
  derived?: ReadonlyArray<string>
}

/** What finds the secrets of a run: runs in a normalised view, and the short secrets as words. */
interface Finder {
  runs: (view: string) => Array<[number, number]>
  /** The pieces of a secret that count where the suite cut a text. */
  cut: Set<string>
  longestCut: number
  words: RegExp | undefined
  /** No text shorter than this holds a form of a secret. */
  shortest: number
}

// Escapes decoded twice: a double escape (`%252D`, `&amp;#45;`), or one kind inside another, is read too.
const escapeLevels = 2

const cache = new Map<string, Finder | undefined>()

function finderOf(secrets: ReadonlyArray<string> | Secrets): Finder | undefined {
  const { secrets: keys, derived = [] } = Array.isArray(secrets) ? { secrets } : (secrets as Secrets)
  const id = JSON.stringify([keys, derived])
  if (!cache.has(id)) {
    // One run has one set of secrets; a long-lived process (a test suite) keeps only the last few.
    if (cache.size > 8) cache.clear()
    const nonEmpty = (list: ReadonlyArray<string>) => list.filter((text) => text !== '')
    // A derived word shorter than any key is no near-copy of one: the `x` a variant appends, split off the key where
    // the key ends in `=` and is read as a query.
    const shortestKey = Math.min(...nonEmpty(keys).map((key) => key.length))
    const nearCopies = nonEmpty(derived).filter((word) => word.trim().length >= Math.min(shortestKey, anywhereLength))
    const { runs, cut } = secretRuns(nonEmpty(keys), nearCopies)
    const words = secretPattern([...keys, ...nearCopies])
    const lengths = [...runs.keys(), ...(words ? [1] : [])]
    const longestCut = Math.max(0, ...[...cut].map((piece) => piece.length))
    const finder = { runs: runFinder(runs), cut, longestCut, words, shortest: Math.min(...lengths) }
    cache.set(id, lengths.length === 0 ? undefined : finder)
  }
  return cache.get(id)
}

/**
 * Replaces every form of each secret in every string of a value about to leave the run (console, report files,
 * messages): the secret and each credential derived from it, however a target may echo them (escaped once or twice
 * as JSON, JavaScript, URL, quoted-printable or HTML; another case, full-width, reversed, cut short; split by
 * spaces, zero-width or format characters; as hex or base64, standard or URL-safe, once or twice), each as the span
 * of the written text the form came from. Property names too: a target may echo a key as a field or header name.
 * @example redact({ header: 'Bearer s3cret-key' }, ['s3cret-key']) // { header: 'Bearer $PETSTORE_API_KEY' }
 */
export function redact<T>(value: T, secrets: ReadonlyArray<string> | Secrets): T {
  const finder = finderOf(secrets)
  return finder ? redactValue(value, finder) : value
}

function redactValue<T>(value: T, finder: Finder): T {
  if (typeof value === 'string') return replaceForms(value, finder) as T
  if (Array.isArray(value)) return value.map((item) => redactValue(item, finder)) as T
  if (typeof value !== 'object' || value === null) return value
  const entries: Array<[string, unknown]> = []
  const names = new Set<string>()
  for (const [name, item] of Object.entries(value)) {
    let redacted = replaceForms(name, finder)
    // Two names that differ only in a secret stay two entries.
    for (let copy = 2; names.has(redacted); copy++) redacted = `${replaceForms(name, finder)} (${copy})`
    names.add(redacted)
    entries.push([redacted, redactValue(item, finder)])
  }
  return Object.fromEntries(entries) as T
}

/** `redact` for plain text. */
export function redactText(text: string, secrets: ReadonlyArray<string> | Secrets): string {
  const finder = finderOf(secrets)
  return finder ? replaceForms(text, finder) : text
}

function replaceForms(text: string, finder: Finder): string {
  if (text.length < finder.shortest) return text
  const spans: Array<{ start: number; end: number }> = []
  let level: MappedText = { text }
  for (let depth = 0; depth <= escapeLevels; depth++) {
    if (depth > 0) {
      const decoded = decodeEscapes(level)
      if (decoded === level) break
      level = decoded
    }
    const view = normalisedView(level)
    for (const [from, to] of finder.runs(view.text)) spans.push(writtenSpan(view, from, to))
    for (const [from, to] of cutPieces(view.text, finder)) spans.push(writtenSpan(view, from, to))
    if (finder.words)
      for (const match of level.text.matchAll(finder.words))
        spans.push(writtenSpan(level, match.index, match.index + (match[1] as string).length))
  }
  return replaced(text, spans)
}

// Where the suite cut a text it quotes (`excerpt`: `…`, which the view reads as `...`), after the secrets were found
// in it: the piece of an echoed key before the cut is shorter than a run.
const cutMark = '...'

/** The longest piece of a secret that ends right before each cut of the view. */
function* cutPieces(view: string, finder: Finder): Generator<[number, number]> {
  for (let at = view.indexOf(cutMark); at !== -1; at = view.indexOf(cutMark, at + 1)) {
    for (let length = Math.min(finder.longestCut, at); length > 0; length--)
      if (finder.cut.has(view.slice(at - length, at))) {
        yield [at - length, at]
        break
      }
  }
}

// Beside a run: a format character (the view drops it, so no run ends on one), or a `+` (a space in a query string,
// where the key's own space stands), which joins the runs on either side of it.
const droppedEdge = /[+\p{Cf}]/u

/**
 * The text with each span replaced by `redactedKey`, overlapping ones as one, each taking in a `+` or format character
 * beside it, the marker itself left alone.
 */
function replaced(text: string, spans: Array<{ start: number; end: number }>): string {
  const markers: Array<number> = []
  for (let at = text.indexOf(redactedKey); at !== -1; at = text.indexOf(redactedKey, at + 1)) markers.push(at)
  const inMarker = ({ start, end }: { start: number; end: number }) =>
    markers.some((at) => start >= at && end <= at + redactedKey.length)
  const joined: Array<{ start: number; end: number }> = []
  for (const span of spans.filter((found) => !inMarker(found)).sort((a, b) => a.start - b.start)) {
    while (span.start > 0 && droppedEdge.test(text[span.start - 1] as string)) span.start--
    while (span.end < text.length && droppedEdge.test(text[span.end] as string)) span.end++
    const last = joined.at(-1)
    // Overlapping windows of one leaked run, found in one view or several, are one span.
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end)
    else joined.push({ ...span })
  }
  if (joined.length === 0) return text
  let result = ''
  let at = 0
  for (const { start, end } of joined) {
    result += text.slice(at, start) + redactedKey
    at = end
  }
  return result + text.slice(at)
}
