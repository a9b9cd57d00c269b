// Every form in which a hostile target may echo a key, written here independently of the redaction (which decodes
// escapes): the proofs send each form and look for each, verbatim, in everything the suite writes.

const hex = (code: number, upper: boolean): string => code.toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()
const everyChar = (text: string, write: (character: string, index: number) => string): string =>
  [...text].map(write).join('')
const utf8 = (character: string): Array<number> => [...new TextEncoder().encode(character)]

/** The base64 of `prefix + key` for each prefix length: the key at every alignment inside a Basic value. */
const basicValues = (key: string): Record<string, string> =>
  Object.fromEntries(
    ['', 'u:', 'us:', 'use:'].map((prefix) => [
      `base64 after "${prefix}"`,
      Buffer.from(`${prefix}${key}:`).toString('base64'),
    ]),
  )

/**
 * Each echoed form of a key by name: raw, another case, cut short, JSON-escaped (`\/` and `\uXXXX`), URL-encoded
 * (upper- and lower-case hex, `+` for a space), HTML-escaped (named, decimal and hex entities), base64 in a Basic
 * value at every alignment.
 * @example echoedForms('sk/live-1')['json \\/']
 */
export function echoedForms(key: string): Record<string, string> {
  return {
    raw: key,
    'upper case': key.toUpperCase(),
    'swapped case': everyChar(key, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())),
    'one character short': key.slice(0, -1),
    'cut to three quarters': key.slice(0, Math.ceil((key.length * 3) / 4)),
    'first character dropped': key.slice(1),
    'json \\/': key.replaceAll('/', '\\/'),
    'json \\u every character': everyChar(key, (c) => `\\u${hex(c.charCodeAt(0), false).padStart(4, '0')}`),
    'json \\u every other character': everyChar(key, (c, i) =>
      i % 2 ? `\\u${hex(c.charCodeAt(0), true).padStart(4, '0')}` : c,
    ),
    'url, upper-case hex': everyChar(key, (c) =>
      utf8(c)
        .map((byte) => `%${hex(byte, true).padStart(2, '0')}`)
        .join(''),
    ),
    'url, lower-case hex': everyChar(key, (c) =>
      utf8(c)
        .map((byte) => `%${hex(byte, false).padStart(2, '0')}`)
        .join(''),
    ),
    'url, encodeURIComponent': encodeURIComponent(key),
    'url, + for space': encodeURIComponent(key).replaceAll('%20', '+'),
    'html decimal': everyChar(key, (c) => `&#${c.codePointAt(0)};`),
    'html hex': everyChar(key, (c) => `&#x${hex(c.codePointAt(0) as number, true)};`),
    'html named': key
      .replaceAll('/', '&sol;')
      .replaceAll('-', '&#45;')
      .replaceAll('+', '&plus;')
      .replaceAll('=', '&equals;'),
    ...basicValues(key),
  }
}
