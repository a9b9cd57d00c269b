// XML 1.0 admits only tab, LF, CR and these ranges: one stray control character from a server's
// body (an ANSI colour, a NUL) and a strict reader such as a CI's JUnit parser drops the whole file.
const forbidden = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe for XML and HTML, as content or as a quoted attribute value: the five special
 * characters escaped, and characters XML 1.0 forbids (C0 controls, lone surrogates, U+FFFE/U+FFFF)
 * written as a visible `\u001B` so a reader still sees that something was there.
 * @example escapeMarkup('<b a="1">\u0007') // '&lt;b a=&quot;1&quot;&gt;\\u0007'
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(forbidden, (character) => `\\u${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .replace(/[&<>"']/g, (character) => entities[character]!)
}
