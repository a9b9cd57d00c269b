import { redactedKey } from './redact.ts'

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' }

// `%b` reads `\0` and up to three octal digits in POSIX sh (dash) and bash alike: three are always written, so a
// digit after the escape stays a digit.
const octal = (bytes: Iterable<number>): string =>
  [...bytes].map((byte) => `\\0${byte.toString(8).padStart(3, '0')}`).join('')

// A character past one byte (never in a request fetch sent, whose bytes come one a character) goes as its UTF-8.
function escaped(character: string): string {
  const code = character.codePointAt(0) ?? 0
  return named[character] ?? octal(code > 0xff ? Buffer.from(character) : [code])
}

// Printable ASCII stays as it is, but for the quote and the backslash: a reader still reads the JSON.
const literal = (part: string): string => `'${part.replace(/[^\x20-\x26\x28-\x5b\x5d-\x7e]/gu, escaped)}'`

/**
 * A `printf` that writes bytes exactly in POSIX sh and bash alike: every byte that is not printable ASCII (or is a
 * quote or a backslash) as a `%b` escape (`\0377`, `\r`), the key placeholder as a `%s` argument the shell fills in
 * from the environment. `latin1` holds one byte a character. A builtin of both shells, so a long body meets no limit
 * on the length of a command's arguments.
 * @example printfBytes('{"a":"\u0001"}') // printf '%b' '{"a":"\0001"}'
 */
export function printfBytes(latin1: string): string {
  const format: Array<string> = []
  const words: Array<string> = []
  for (const [index, part] of latin1.split(redactedKey).entries()) {
    if (index > 0) {
      format.push('%s')
      words.push(`"${redactedKey}"`)
    }
    if (part === '') continue
    format.push('%b')
    words.push(literal(part))
  }
  return ['printf', `'${format.join('')}'`, ...words].join(' ')
}
