import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { redactedKey } from './redact.ts'
import { shellWord } from './shell-word.ts'

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

/** A run of one byte at least this long is made by a repeat count, not written out. */
const shortestRun = 64
// One byte a character: a character past it (text a header holds) is never a run.
const runs = new RegExp(`([\\x00-\\xff])\\1{${shortestRun - 1},}`, 'g')

/** What a command writes, in order: text as it is, the key from the environment, a byte repeated. */
type Piece = { text: string } | { key: true } | { byte: string; count: number }

function piecesOf(latin1: string): Array<Piece> {
  const pieces: Array<Piece> = []
  for (const [index, part] of latin1.split(redactedKey).entries()) {
    if (index > 0) pieces.push({ key: true })
    let at = 0
    for (const run of part.matchAll(runs)) {
      if (run.index > at) pieces.push({ text: part.slice(at, run.index) })
      pieces.push({ byte: run[1] as string, count: run[0].length })
      at = run.index + run[0].length
    }
    if (at < part.length) pieces.push({ text: part.slice(at) })
  }
  return pieces
}

/**
 * `count` times one byte: as many spaces from printf's field width (a number any printf takes), turned into the
 * byte by `tr` (its three-digit octal escape where it is not a letter or a digit).
 */
function repeated(byte: string, count: number): string {
  const spaces = `printf '%${count}s' ''`
  if (byte === ' ') return spaces
  const to = /^[A-Za-z0-9]$/.test(byte) ? byte : `\\${byte.charCodeAt(0).toString(8).padStart(3, '0')}`
  return `${spaces} | tr ' ' '${to}'`
}

/** A text piece longer than this (as written, escapes included) is read from a file when the bytes have a folder. */
const longestFiledPiece = 256

/** The name of the file that holds a piece's bytes: the start of their SHA-256, so equal bytes share one. */
const fileName = (piece: string): string =>
  `${createHash('sha256').update(piece, 'latin1').digest('hex').slice(0, 16)}.bin`

const filed = (piece: Piece): piece is { text: string } =>
  'text' in piece && literal(piece.text).length > longestFiledPiece

/**
 * The pieces of `latin1` a command whose bytes have a folder (`printfBytes(latin1, folder)`) reads from files, each
 * with its file's name: what the reports write there. None holds the key, which stays in the environment.
 * @example filedPieces(body).map(({ name }) => name) // ['3f2a9c0d1e4b5a67.bin']
 */
export function filedPieces(latin1: string): Array<{ name: string; latin1: string }> {
  return piecesOf(latin1)
    .filter(filed)
    .map((piece) => ({ name: fileName(piece.text), latin1: piece.text }))
}

/** One `printf` of text and the key, each key a `%s` argument the shell fills in from the environment. */
function printfOf(pieces: ReadonlyArray<{ text: string } | { key: true }>): string {
  const format = pieces.map((piece) => ('key' in piece ? '%s' : '%b')).join('')
  const words = pieces.map((piece) => ('key' in piece ? `"${redactedKey}"` : literal(piece.text)))
  return ['printf', `'${format}'`, ...words].join(' ')
}

/**
 * A command that writes bytes exactly in POSIX sh and bash alike: a `printf` with every byte that is not printable
 * ASCII (or is a quote or a backslash) as a `%b` escape (`\0377`, `\r`), the key placeholder as a `%s` argument the
 * shell fills in from the environment. A run of 64 bytes or more of one byte (a 64 KB padding) is made by a repeat
 * count (`printf '%65536s' '' | tr ' ' 'x'`), the commands grouped in `{ …; }`, so the line stays one a person reads.
 * Given a `folder`, a text piece too long for a line (more than 256 characters as written) is read from the file
 * `filedPieces` names there (`cat`). `latin1` holds one byte a character. Builtins of both shells but `tr` and `cat`:
 * a long body meets no limit on the length of a command's arguments.
 * @example printfBytes('{"a":"\u0001"}') // printf '%b' '{"a":"\0001"}'
 */
export function printfBytes(latin1: string, folder?: string): string {
  const commands: Array<string> = []
  let pending: Array<{ text: string } | { key: true }> = []
  const flush = (command: string) => {
    if (pending.length > 0) commands.push(printfOf(pending))
    pending = []
    commands.push(command)
  }
  for (const piece of piecesOf(latin1)) {
    if ('byte' in piece) flush(repeated(piece.byte, piece.count))
    else if (folder !== undefined && filed(piece)) flush(`cat ${shellWord(join(folder, fileName(piece.text)))}`)
    else pending.push(piece)
  }
  if (pending.length > 0 || commands.length === 0) commands.push(printfOf(pending))
  return commands.length === 1 ? (commands[0] as string) : `{ ${commands.join('; ')}; }`
}
