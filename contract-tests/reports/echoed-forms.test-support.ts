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
 * Each form that item 3 of issue 35 lists, of any text (a key or a run of it), and NULs, terminal resets or combining
 * marks between its characters: written character by character, so that the form of a run of a key is a piece of the
 * form of the key. By name.
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
    'NULs between': between(text, '\u0000'),
    'ANSI resets between': between(text, '\u001b[0m'),
    'a combining mark after each character': everyChar(text, (c) => `${c}\u0301`),
  }
}

/**
 * The key's full-width, zero-width and soft-hyphen forms as a header carries them raw: their UTF-8 bytes, one
 * character a byte, as node reads a header value (Latin-1). By name.
 * @example headerByteForms('sk-1')['full-width letters, raw UTF-8']
 */
export function headerByteForms(text: string): Record<string, string> {
  const raw = (form: string): string => Buffer.from(form, 'utf8').toString('latin1')
  return {
    'full-width letters, raw UTF-8': raw(fullWidth(text)),
    'zero-width spaces between, raw UTF-8': raw(between(text, '\u200b')),
    'soft hyphens between, raw UTF-8': raw(between(text, '\u00ad')),
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

const wordPiece = '(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)'
const wordLike = new RegExp(`^[-_.]*${wordPiece}(?:[-_.]+${wordPiece})*[-_.]*$`)

/**
 * What no output may hold of a key, by what it is: the key in each echoed form (`echoedForms`, `listedForms`, and
 * `headerByteForms` unless `headerBytes` is false: forms only a header's raw bytes take); each run that counts as the
 * key (12 characters, or 8 of a key shorter than 24, unless they read as words) raw, upper-cased and in each written
 * form; each piece of its base64url value that decodes to such a run; and a shorter piece (5 characters on, not words,
 * as it is or upper-cased) right before a cut (`…`).
 * @example for (const [what, needle] of keyNeedles(key)) expect(output, what).not.toContain(needle)
 */
export function keyNeedles(key: string, { headerBytes = true } = {}): Array<[string, string]> {
  const size = key.length < 24 ? 8 : 12
  const runs = Array.from({ length: key.length - size + 1 }, (_, start) => key.slice(start, start + size))
  const base64url = Buffer.from(key).toString('base64url')
  const cutPieces = Array.from({ length: size - 5 }, (_, index) => index + 5).flatMap((length) =>
    Array.from({ length: key.length - length + 1 }, (_, start) => key.slice(start, start + length)).filter(
      (piece) => !wordLike.test(piece),
    ),
  )
  const pieceSize = 4 * Math.ceil(size / 3)
  const forms = { ...echoedForms(key), ...listedForms(key), ...(headerBytes && headerByteForms(key)) }
  return [
    ...Object.entries(forms).map(([form, echo]): [string, string] => [`the key as ${form}`, echo]),
    ...runs
      .filter((run) => !wordLike.test(run))
      .flatMap((run) =>
        Object.entries({ raw: run, 'upper case': run.toUpperCase(), ...writtenForms(run) }).map(
          ([form, echo]): [string, string] => [`the run ${run} as ${form}`, echo],
        ),
      ),
    ...cutPieces.flatMap(
      (piece): Array<[string, string]> => [
        [`the piece ${piece} before a cut`, `${piece}…`],
        [`the piece ${piece} upper-cased before a cut`, `${piece.toUpperCase()}…`],
      ],
    ),
    ...Array.from({ length: Math.floor((base64url.length - pieceSize) / 4) + 1 }, (_, group): [string, string] => {
      const piece = base64url.slice(4 * group, 4 * group + pieceSize)
      return [`the base64url piece ${piece}`, piece]
    }),
  ]
}
