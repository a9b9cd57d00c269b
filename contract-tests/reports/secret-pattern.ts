import { normalisedView } from './normalised-view.ts'
import { anywhereLength } from './secret-runs.ts'

/**
 * How many characters of a short secret, in a row, count as the secret: all but one (the "one character short"
 * near-copy), at least 4.
 * @example leakLength('abc123') // 5
 */
function leakLength(secret: string): number {
  return Math.min(secret.length, Math.max(4, secret.length - 1))
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
// A space may be written `+` in a query string, and `+` stays itself: either matches either.
const charPattern = (text: string): string => escapeRegExp(text).replace(/ |\\\+/g, '[ +]')

/**
 * One case-insensitive pattern that finds, by lookahead at each position, a secret shorter than `anywhereLength`
 * (normalised) or a run of `leakLength` characters of it, only as a whole word, so that a short key does not eat
 * every word that holds it. It runs on text whose escapes are decoded (`decodeEscapes`). Longer secrets are found as
 * runs in a normalised view (`secretRuns`). Undefined with no short secret.
 * @example secretPattern(['abc123'])?.test('Bearer ABC12') // true
 */
export function secretPattern(secrets: ReadonlyArray<string>): RegExp | undefined {
  const forms = new Set<string>()
  for (const secret of secrets) {
    if (secret === '' || normalisedView({ text: secret }).text.length >= anywhereLength) continue
    for (let size = leakLength(secret); size <= secret.length; size++)
      for (let start = 0; start + size <= secret.length; start++) forms.add(secret.slice(start, start + size))
  }
  if (forms.size === 0) return undefined
  // Longest first: where two forms start at one position the longer one is taken. Case is ignored: one of each.
  const unique = new Map([...forms].map((form) => [form.toLowerCase(), form]))
  const alternatives = [...unique.values()].sort((a, b) => b.length - a.length).map(charPattern)
  return new RegExp(`(?=(?<![a-z0-9])(${alternatives.join('|')})(?![a-z0-9]))`, 'gi')
}
