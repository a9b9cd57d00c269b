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

const bytesOf = (text: string): Array<number> => [...new TextEncoder().encode(text)]
const everyByte = (text: string, write: (hexPair: string) => string): string =>
  bytesOf(text)
    .map((byte) => write(hex(byte, true).padStart(2, '0')))
    .join('')
const between = (text: string, separator: string): string => [...text].join(separator)
const thirds = (text: string): string => {
  const size = Math.ceil(text.length / 3)
  return [text.slice(0, size), text.slice(size, 2 * size), text.slice(2 * size)].join(' ')
}
const fullWidth = (text: string): string =>
  everyChar(text, (c) => (c > ' ' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
// Quoted-printable as a mail or MIME library writes it: every byte `=XX`, a soft line break before 76 characters.
const quotedPrintable = (text: string): string =>
  everyByte(text, (pair) => `=${pair}`)
    .match(/.{1,72}/g)
    ?.join('=\r\n') ?? ''

/**
 * Each form that item 3 of issue 35 lists, of any text (a key or a run of it): written character by character, so
 * that the form of a run of a key is a piece of the form of the key. By name.
 * @example writtenForms('sk-1')['hex']
 */
export function writtenForms(text: string): Record<string, string> {
  return {
    'split into three pieces by spaces': thirds(text),
    'zero-width spaces between': between(text, '\u200b'),
    'full-width letters': fullWidth(text),
    hex: everyByte(text, (pair) => pair.toLowerCase()),
    'hex, upper case, spaced': everyByte(text, (pair) => `${pair} `).trim(),
    reversed: [...text].reverse().join(''),
    'soft hyphens between': between(text, '\u00ad'),
    'zero-width joiners between': between(text, '\u200d'),
    'word joiners between': between(text, '\u2060'),
    'spaces between': between(text, ' '),
    'double percent-encoded': everyByte(text, (pair) => `%25${pair}`),
    'html double-escaped': everyChar(text, (c) => `&amp;#${c.codePointAt(0)};`),
    '\\x escapes': everyByte(text, (pair) => `\\x${pair.toLowerCase()}`),
    '\\u{} escapes': everyChar(text, (c) => `\\u{${hex(c.codePointAt(0) as number, false)}}`),
    'quoted-printable': quotedPrintable(text),
  }
}

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

/**
 * Each form of a key that item 3 of issue 35 lists, by name: `writtenForms`, and its base64url value whole and its
 * first 16 characters (which decode to the key's first 12).
 * @example listedForms('sk/live-1')['base64url']
 */
export function listedForms(key: string): Record<string, string> {
  return {
    ...writtenForms(key),
    base64url: Buffer.from(key).toString('base64url'),
    'base64url, its first 16 characters': Buffer.from(key).toString('base64url').slice(0, 16),
  }
}
