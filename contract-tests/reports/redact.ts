import { decodeEscapes } from './decode-escapes.ts'
import { type MappedText, writtenSpan } from './mapped-text.ts'
import { normalisedView } from './normalised-view.ts'
import { RunIndex } from './run-finder.ts'
import { secretPattern } from './secret-pattern.ts'
import { anywhereLength, secretRuns } from './secret-runs.ts'

/** What stands in a report where a secret was: also a working shell reference for curl lines. */
export const redactedKey = '$PETSTORE_API_KEY'

/** The secrets to keep out of every output, and the credentials a run derived from them (near-copies of a key). */
export interface Secrets {
  secrets: ReadonlyArray<string>
  derived?: ReadonlyArray<string>
}

// Escapes decoded twice: a double escape (`%252D`, `&amp;#45;`), or one kind inside another, is read too.
const escapeLevels = 2

// Where the suite cut a text it quotes (`excerpt`: `…`, which the view reads as `...`), after the secrets were found
// in it: the piece of an echoed key before the cut is shorter than a run.
const cutMark = '...'

/**
 * What finds secrets in text, and grows as secrets are added (a proxy learns keys as requests bring them): the runs
 * of each secret in a normalised view, the shorter pieces that count where the suite cut a text, and the short
 * secrets as words. Its memory grows with the secrets' characters (about 50 KB for a key of 32), never with the
 * text it reads.
 * @example const finder = new SecretFinder(); finder.add(['s3cret-key-0042']); finder.redactText('k=s3cret-key-0042')
 */
export class SecretFinder {
  readonly #runs = new RunIndex()
  readonly #cut = new RunIndex()
  readonly #short = new Set<string>()
  readonly #added = new Set<string>()
  #words: RegExp | undefined
  #longestCut = 0
  #shortest = Number.POSITIVE_INFINITY

  /** How many distinct secrets (and derived credentials) it finds. */
  get size(): number {
    return this.#added.size
  }

  /** Whether `secret` was added. */
  has(secret: string): boolean {
    return this.#added.has(secret)
  }

  /**
   * Adds secrets, and near-copies of them (`derived`: a run's own credential variants, found one encoding deep).
   * @example finder.add(['s3cret-key-0042'])
   */
  add(secrets: ReadonlyArray<string>, derived: ReadonlyArray<string> = []): void {
    const fresh = (list: ReadonlyArray<string>) => list.filter((text) => text !== '' && !this.#added.has(text))
    const keys = fresh(secrets)
    const copies = fresh(derived)
    if (keys.length === 0 && copies.length === 0) return
    for (const text of [...keys, ...copies]) this.#added.add(text)
    secretRuns(keys, copies, { runs: this.#runs, cut: this.#cut })
    const short = [...keys, ...copies].filter((text) => normalisedView({ text }).text.length < anywhereLength)
    for (const text of short) this.#short.add(text)
    if (short.length > 0) this.#words = secretPattern([...this.#short])
    this.#longestCut = Math.max(0, ...this.#cut.lengths)
    this.#shortest = Math.min(...this.#runs.lengths, ...(this.#words ? [1] : []))
  }

  /** `redact` with the secrets added so far. */
  redact<T>(value: T): T {
    return this.#added.size === 0 ? value : redactValue(value, this)
  }

  /** `redactText` with the secrets added so far. */
  redactText(text: string): string {
    return this.#added.size === 0 ? text : this.replaceForms(text)
  }

  /** The text with every form of a secret replaced by `redactedKey`, each where it was written. */
  replaceForms(text: string): string {
    if (text.length < this.#shortest) return text
    const spans: Array<{ start: number; end: number }> = []
    let level: MappedText = { text }
    for (let depth = 0; depth <= escapeLevels; depth++) {
      if (depth > 0) {
        const decoded = decodeEscapes(level)
        if (decoded === level) break
        level = decoded
      }
      const view = normalisedView(level)
      for (const [from, to] of this.#runs.find(view.text)) spans.push(writtenSpan(view, from, to))
      for (const [from, to] of this.#cutPieces(view.text)) spans.push(writtenSpan(view, from, to))
      if (this.#words)
        for (const match of level.text.matchAll(this.#words))
          spans.push(writtenSpan(level, match.index, match.index + (match[1] as string).length))
    }
    return replaced(text, spans)
  }

  /** The longest piece of a secret that ends right before each cut of the view. */
  *#cutPieces(view: string): Generator<[number, number]> {
    for (let at = view.indexOf(cutMark); at !== -1; at = view.indexOf(cutMark, at + 1)) {
      for (let length = Math.min(this.#longestCut, at); length > 0; length--)
        if (this.#cut.holds(view, at - length, at)) {
          yield [at - length, at]
          break
        }
    }
  }
}

const cache = new Map<string, SecretFinder>()

/** The finder of one set of secrets, as the suite's runs and tests redact with the same set again and again. */
function finderOf(secrets: ReadonlyArray<string> | Secrets): SecretFinder {
  const { secrets: keys, derived = [] } = Array.isArray(secrets) ? { secrets } : (secrets as Secrets)
  const id = JSON.stringify([keys, derived])
  let finder = cache.get(id)
  if (!finder) {
    // One run has one set of secrets; a long-lived process (a test suite) keeps only the last few.
    if (cache.size > 8) cache.clear()
    const nonEmpty = (list: ReadonlyArray<string>) => list.filter((text) => text !== '')
    // A derived word shorter than any key is no near-copy of one: the `x` a variant appends, split off the key where
    // the key ends in `=` and is read as a query.
    let shortestKey = Number.POSITIVE_INFINITY
    for (const key of nonEmpty(keys)) shortestKey = Math.min(shortestKey, key.length)
    const nearCopies = nonEmpty(derived).filter((word) => word.trim().length >= Math.min(shortestKey, anywhereLength))
    finder = new SecretFinder()
    finder.add(nonEmpty(keys), nearCopies)
    cache.set(id, finder)
  }
  return finder
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
  return finderOf(secrets).redact(value)
}

function redactValue<T>(value: T, finder: SecretFinder): T {
  if (typeof value === 'string') return finder.replaceForms(value) as T
  if (Array.isArray(value)) return value.map((item) => redactValue(item, finder)) as T
  if (typeof value !== 'object' || value === null) return value
  const entries: Array<[string, unknown]> = []
  const names = new Set<string>()
  for (const [name, item] of Object.entries(value)) {
    let redacted = finder.replaceForms(name)
    // Two names that differ only in a secret stay two entries.
    for (let copy = 2; names.has(redacted); copy++) redacted = `${finder.replaceForms(name)} (${copy})`
    names.add(redacted)
    entries.push([redacted, redactValue(item, finder)])
  }
  return Object.fromEntries(entries) as T
}

/** `redact` for plain text. */
export function redactText(text: string, secrets: ReadonlyArray<string> | Secrets): string {
  return finderOf(secrets).redactText(text)
}

// Beside a run: a format character or a mark (the view drops them, so no run ends on one; a mark after the key's last
// character is the key's), or a `+` (a space in a query string, where the key's own space stands), which joins the
// runs on either side of it. A control beside a run (the CR LF that ends a header line) is not the key's.
const droppedEdge = /[+\p{Cf}\p{M}]/u

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
