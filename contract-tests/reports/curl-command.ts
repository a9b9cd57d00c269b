import type { ExchangeRequest } from '../shared/exchange.ts'
import { printfBytes } from './printf-bytes.ts'
import { redactedKey } from './redact.ts'
import { shellWord } from './shell-word.ts'
import { wireCommand } from './wire-command.ts'

// A longer body goes through printf, a builtin: one argument of a command is limited (128 KiB on Linux).
const longestArgument = 32_768
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
 * The command that sends a request again as the suite sent it, in POSIX sh and bash: a curl line with the target as
 * fetch wrote it, every header, and the body's exact bytes (piped from `printf` where they are not printable ASCII,
 * chunked where they went chunked); for a request the suite wrote on the wire itself, a `printf` of every byte of its
 * connection piped to node (`wireCommand`). The request must already be redacted: the shell fills in the key from
 * `$PETSTORE_API_KEY`.
 * @example curlCommand({ method: 'GET', url: 'http://127.0.0.1:4010/v1/pets', headers: {} })
 */
export function curlCommand(request: ExchangeRequest): string {
  if (request.wire) return wireCommand(request.url, request.wire)
  const { method, headers, body, chunked } = request
  const target = targetOf(request.url)
  const parts = ['curl', '-sS', method === 'HEAD' ? '-I' : '-i']
  if (!safeMethods.has(method)) parts.push('-X', /^[A-Z]+$/.test(method) ? method : shellWord(method))
  // Only a safe method: after 301, 302 and 303 curl would send a POST again where the suite stops.
  if (request.followRedirects && safeMethods.has(method)) parts.push('-L', '--max-redirs', '5')
  if (/[[\]{}]/.test(target)) parts.push('-g')
  parts.push(shellWord(target))
  for (const [name, value] of Object.entries(headers)) parts.push('-H', headerWord(name, value))
  if (body === undefined) {
    if (lengthWithoutBody.has(method)) parts.push('-H', "'Content-Length: 0'")
    return parts.join(' ')
  }
  const bytes = request.bodyLatin1 ?? Buffer.from(body).toString('latin1')
  if (chunked) parts.push('-H', "'Transfer-Encoding: chunked'")
  if (chunked || bytes.length > continueAbove) parts.push('-H', "'Expect:'")
  if (!chunked && request.bodyLatin1 === undefined && printable.test(body) && body.length <= longestArgument)
    return [...parts, '--data-raw', shellWord(body)].join(' ')
  return `${printfBytes(bytes)} | ${[...parts, '--data-binary', '@-'].join(' ')}`
}
