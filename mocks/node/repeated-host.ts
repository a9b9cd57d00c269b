import { startsWithLetters } from '../core/starts-with-letters.ts'

/**
 * Whether a request carries more than one `Host` field line (from node's `rawHeaders`, which keeps each
 * line): RFC 9112 section 3.2 requires a 400 for it, where node would keep the first.
 * @example repeatedHost(['Host', 'a.test', 'host', 'b.test']) // true
 */
export function repeatedHost(rawHeaders: ReadonlyArray<string>): boolean {
  let seen = false
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    if (name.length !== 4 || !startsWithLetters(name, 'host')) continue
    if (seen) return true
    seen = true
  }
  return false
}
