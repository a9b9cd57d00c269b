import type { ExchangeRequest } from '../shared/exchange.ts'
import { printfBytes } from './printf-bytes.ts'
import { redactedKey } from './redact.ts'
import { shellWord } from './shell-word.ts'
import { wireCommand } from './wire-command.ts'

// A longer body goes through printf (a builtin: one argument of a command is limited, 128 KiB on Linux), which counts
// a run of one byte and, where the request has a folder for them, reads a long piece from a file: the line stays short.
const longestRaw = 1_024
// Older curl asks for 100-continue before a chunked body or one over 1 KiB (7.88 over 1 MB): fetch never does.
const continueAbove = 1_024
const printable = /^[\x20-\x7e]*$/
const safeMethods = new Set(['GET', 'HEAD'])
// fetch sends `content-length: 0` with these methods when there is no body; curl sends none.
const lengthWithoutBody = new Set(['POST', 'PUT', 'PATCH'])
const keyName = redactedKey.slice(1)

/** The target as fetch writes it (a WHATWG URL: dot segments resolved, spaces encoded), without a fragment. */
function targetOf(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.hash = ''
    return parsed.href
  } catch {
    return url
  }
}

/** A target longer than this is written with its long runs of one character made by the shell. */
const longTarget = 1_000

/**
 * The target as one shell word. A long one (an 8000-octet target, a 64 KiB one) keeps the line a line: each run of 64
 * or more of one letter or digit is made by `printf` and `tr` inside double quotes, the same octets sent.
 * @example targetWord(`http://h/v1/pets?pad=${'a'.repeat(8000)}`)
 * // "http://h/v1/pets?pad=$(printf '%8000s' '' | tr ' ' a)"
 */
function targetWord(target: string): string {
  if (target.length <= longTarget) return shellWord(target)
  const quoted = target
    .replace(/[\\"$`]/g, (character) => `\\${character}`)
    .replace(/([A-Za-z0-9])\1{63,}/g, (run, one: string) => `$(printf '%${run.length}s' '' | tr ' ' ${one})`)
  return `"${quoted}"`
}

/**
 * A header as a curl `-H` word. One that holds the key is double-quoted, so the shell expands the key and the
 * credential forms made of it (`${PETSTORE_API_KEY%?}`, `$(printf %s $PETSTORE_API_KEY | tr a-z A-Z)`) and nothing
 * else; one with bytes past ASCII is made by printf, as fetch writes each as one byte.
 */
function headerWord(name: string, value: string): string {
  // curl drops a field written `name:`; `name;` sends it empty.
  if (value === '') return shellWord(`${name};`)
  const line = `${name}: ${value}`
  if (line.includes(keyName)) {
    const quoted = line
      .replace(/[\\"`]|\$(?!\{?PETSTORE_API_KEY|\()/g, (character) => `\\${character}`)
      // `$PETSTORE_API_KEYx` would name another variable: braces end the name where the key ends.
      .replace(/\$PETSTORE_API_KEY(?=\w)/g, `\${PETSTORE_API_KEY}`)
    return `"${quoted.replaceAll('!', `"'!'"`)}"`
  }
  return printable.test(line) ? shellWord(line) : `"$(${printfBytes(line)})"`
}

/**
 * The bytes a request's reproduce line makes with `printf` (`printfBytes`), one character a byte: every byte of the
 * connection of a request written on the wire, else its body's; undefined for a request without a body.
 * @example reproducedBytes({ method: 'POST', url, headers: {}, body: '{}' }) // '{}'
 */
export function reproducedBytes(request: ExchangeRequest): string | undefined {
  if (request.wire) return request.wire.latin1
  if (request.body === undefined) return undefined
  return request.bodyLatin1 ?? Buffer.from(request.body).toString('latin1')
}

/**
 * The command that sends a request again as the suite sent it, in POSIX sh and bash: a curl line with the target as
 * fetch wrote it, every header, and the body's exact bytes (piped from `printf` where they are not printable ASCII or
 * longer than 1 KB, chunked where they went chunked); for a request the suite wrote on the wire itself, a `printf` of
 * every byte of its connection piped to node (`wireCommand`). A run of one byte is made by a repeat count, and the long
 * pieces of a request with `bodyFiles` are read from there (`printfBytes`). The request must already be redacted: the
 * shell fills in the key from `$PETSTORE_API_KEY`. A body kept only as an excerpt (`wholeBodyBytes`) is sent as it is
 * kept, and the line ends with a shell comment that says so.
 * @example curlCommand({ method: 'GET', url: 'http://127.0.0.1:4010/v1/pets', headers: {} })
 */
export function curlCommand(request: ExchangeRequest): string {
  const command = commandOf(request)
  const { wholeBodyBytes, body } = request
  if (wholeBodyBytes === undefined || body === undefined) return command
  const kept = (request.bodyLatin1 ?? Buffer.from(body).toString('latin1')).length
  const sizes = [wholeBodyBytes, kept].map((bytes) => bytes.toLocaleString('en-US'))
  return `${command} # the body sent was ${sizes[0]} bytes; its first ${sizes[1]} are kept here`
}

function commandOf(request: ExchangeRequest): string {
  if (request.wire) return wireCommand(request.url, request.wire, request.bodyFiles)
  const { method, headers, body, chunked } = request
  const target = targetOf(request.url)
  const parts = ['curl', '-sS', method === 'HEAD' ? '-I' : '-i']
  if (!safeMethods.has(method)) parts.push('-X', /^[A-Z]+$/.test(method) ? method : shellWord(method))
  // Only a safe method: after 301, 302 and 303 curl would send a POST again where the suite stops.
  if (request.followRedirects && safeMethods.has(method)) parts.push('-L', '--max-redirs', '5')
  if (/[[\]{}]/.test(target)) parts.push('-g')
  parts.push(targetWord(target))
  for (const [name, value] of Object.entries(headers)) parts.push('-H', headerWord(name, value))
  if (body === undefined) {
    if (lengthWithoutBody.has(method)) parts.push('-H', "'Content-Length: 0'")
    return parts.join(' ')
  }
  const bytes = reproducedBytes(request) ?? ''
  if (chunked) parts.push('-H', "'Transfer-Encoding: chunked'")
  if (chunked || bytes.length > continueAbove) parts.push('-H', "'Expect:'")
  if (!chunked && request.bodyLatin1 === undefined && printable.test(body) && body.length <= longestRaw)
    return [...parts, '--data-raw', shellWord(body)].join(' ')
  return `${printfBytes(bytes, request.bodyFiles)} | ${[...parts, '--data-binary', '@-'].join(' ')}`
}
