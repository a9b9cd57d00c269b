/** Forms shorter than this are found only as a whole word, so a short key does not eat every word that holds it. */
const anywhereLength = 8

/**
 * How many characters of a secret, in a row, count as the secret: half of it, at least 12 (or all but one for a
 * shorter secret: the "one character short" near-copy) and at least 4. A cut-short echo of the development key
 * `petstore-dev-key` is found from `petstore-dev` on, while the word "petstore" elsewhere survives.
 * @example leakLength('petstore-dev-key') // 12
 */
function leakLength(secret: string): number {
  return Math.min(secret.length, Math.max(4, Math.ceil(secret.length / 2), Math.min(12, secret.length - 1)))
}

/** The base64 of the secret at each of the three alignments it may have inside a longer value (`Basic user:key`). */
function base64Cores(secret: string): Array<string> {
  const bytes = new TextEncoder().encode(secret)
  return [0, 1, 2].flatMap((skip) => {
    const whole = Math.floor((bytes.length - skip) / 3) * 3
    // Shorter than two groups, the core would be a common-looking word.
    return whole >= 6 ? [Buffer.from(bytes.subarray(skip, skip + whole)).toString('base64')] : []
  })
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
// A space may be written `+` in a query string, and `+` stays itself: either matches either.
const charPattern = (text: string): string => escapeRegExp(text).replace(/ |\\\+/g, '[ +]')

function alternative(form: string): string {
  const pattern = charPattern(form)
  return form.length >= anywhereLength ? pattern : `(?<![a-z0-9])${pattern}(?![a-z0-9])`
}

/**
 * One case-insensitive pattern that finds, by lookahead at each position, any run of `leakLength` characters of a
 * secret or of a credential derived from one (so the whole of it, another case, a prefix, a suffix), and the base64
 * of each at any alignment. It runs on text whose escapes are decoded (`decodeEscapes`). Undefined with no secret.
 * @example secretPattern(['petstore-dev-key'], [])?.test('PETSTORE-DEV-KE') // true
 */
export function secretPattern(secrets: ReadonlyArray<string>, derived: ReadonlyArray<string>): RegExp | undefined {
  const forms = new Set<string>()
  // A derived credential (the key upper-cased, cut short) is a secret of its own: its base64 is not the key's.
  for (const secret of [...secrets, ...derived].filter((text) => text !== '')) {
    // A run shorter than `anywhereLength` must be a whole word: each length up to there is a form of its own, so
    // that a longer run of the secret is still found whole. From there on, overlapping windows join into one run.
    for (let size = leakLength(secret); size <= secret.length; size++) {
      for (let start = 0; start + size <= secret.length; start++) forms.add(secret.slice(start, start + size))
      if (size >= anywhereLength) break
    }
    for (const core of base64Cores(secret)) forms.add(core)
  }
  if (forms.size === 0) return undefined
  // Longest first: where two forms start at one position the longer one is taken. Case is ignored: one of each.
  const unique = new Map([...forms].map((form) => [form.toLowerCase(), form]))
  const alternatives = [...unique.values()].sort((a, b) => b.length - a.length).map(alternative)
  return new RegExp(`(?=(${alternatives.join('|')}))`, 'gi')
}
