import { decodeEscapes } from './decode-escapes.ts'
import { secretPattern } from './secret-pattern.ts'

/** What stands in a report where a secret was: also a working shell reference for curl lines. */
export const redactedKey = '$PETSTORE_API_KEY'

/** The secrets to keep out of every output, and the credentials a run derived from them (near-copies of a key). */
export interface Secrets {
  secrets: ReadonlyArray<string>
  derived?: ReadonlyArray<string>
}

const cache = new Map<string, RegExp | undefined>()

function patternOf(secrets: ReadonlyArray<string> | Secrets): RegExp | undefined {
  const { secrets: keys, derived = [] } = Array.isArray(secrets) ? { secrets } : (secrets as Secrets)
  const id = JSON.stringify([keys, derived])
  if (!cache.has(id)) {
    // One run has one set of secrets; a long-lived process (a test suite) keeps only the last few.
    if (cache.size > 8) cache.clear()
    cache.set(id, secretPattern(keys, derived))
  }
  return cache.get(id)
}

/**
 * Replaces every form of each secret in every string of a value about to leave the run (console, report files,
 * messages): the secret and each credential derived from it, however a target may echo them (JSON-, URL- or
 * HTML-escaped, another case, cut short, base64 inside a Basic value). Property names too: a target may echo a key
 * as a field or header name.
 * @example redact({ header: 'Bearer s3cret-key' }, ['s3cret-key']) // { header: 'Bearer $PETSTORE_API_KEY' }
 */
export function redact<T>(value: T, secrets: ReadonlyArray<string> | Secrets): T {
  const pattern = patternOf(secrets)
  return pattern ? redactValue(value, pattern) : value
}

function redactValue<T>(value: T, pattern: RegExp): T {
  if (typeof value === 'string') return replaceForms(value, pattern) as T
  if (Array.isArray(value)) return value.map((item) => redactValue(item, pattern)) as T
  if (typeof value !== 'object' || value === null) return value
  const entries: Array<[string, unknown]> = []
  const names = new Set<string>()
  for (const [name, item] of Object.entries(value)) {
    let redacted = replaceForms(name, pattern)
    // Two names that differ only in a secret stay two entries.
    for (let copy = 2; names.has(redacted); copy++) redacted = `${replaceForms(name, pattern)} (${copy})`
    names.add(redacted)
    entries.push([redacted, redactValue(item, pattern)])
  }
  return Object.fromEntries(entries) as T
}

/** `redact` for plain text. */
export function redactText(text: string, secrets: ReadonlyArray<string> | Secrets): string {
  const pattern = patternOf(secrets)
  return pattern ? replaceForms(text, pattern) : text
}

function replaceForms(text: string, pattern: RegExp): string {
  const { decoded, written } = decodeEscapes(text)
  const spans: Array<{ start: number; end: number }> = []
  for (const match of decoded.matchAll(pattern)) {
    const span = written(match.index, match.index + (match[1] as string).length)
    const last = spans.at(-1)
    // Overlapping windows of one leaked run are one span.
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end)
    else spans.push(span)
  }
  if (spans.length === 0) return text
  let result = ''
  let at = 0
  for (const { start, end } of spans) {
    result += text.slice(at, start) + redactedKey
    at = end
  }
  return result + text.slice(at)
}
