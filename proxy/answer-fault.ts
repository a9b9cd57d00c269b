import type { Basis, CheckResult } from '../contract-tests/shared/exchange.ts'
import { shownBytes } from './shown-bytes.ts'

/**
 * An answer the proxy could not pass on as HTTP: its status line, a field or its framing out of the grammar, a status
 * outside 100..599, or a switch of protocols nobody asked for. The app gets a 502; the report a violation with the
 * bytes that broke the rule.
 */
export interface AnswerFault {
  check: 'answer_message_syntax' | 'unrequested_upgrade'
  /** One sentence: what was wrong, in words. */
  message: string
  /** The bytes that show it, as `shownBytes` writes them. */
  bytes: string
  basis: Basis
}

const rests = (rfc: string, quotes: ReadonlyArray<string>): Basis => ({
  source: 'interface',
  text:
    `${rfc} (HTTP and JSON, which the interface's "HTTP/JSON API" rests on): ` +
    quotes.map((quote) => `"${quote}"`).join(' and '),
})

const grammar = rests('RFC 9110 section 2.2 and RFC 9112 section 4', [
  'A sender MUST NOT generate protocol elements that do not match the grammar defined by the corresponding ABNF rules.',
  'The first line of a response message is the status-line, consisting of the protocol version, a space (SP), the ' +
    'status code, and another space and ending with an OPTIONAL textual phrase describing the status code.',
])
const fieldValues = rests('RFC 9110 section 5.5', [
  'Field values containing CR, LF, or NUL characters are invalid and dangerous',
  'Field values containing other CTL characters are also invalid',
])
const statusRange = rests('RFC 9110 section 15', ['Values outside the range 100..599 are invalid.'])
const noUnaskedSwitch = rests('RFC 9110 section 7.8', [
  "A server MUST NOT switch to a protocol that was not indicated by the client in the corresponding request's " +
    'Upgrade header field.',
])

/**
 * A fault as the finding the report and the journal show: a violation, its bytes as `received`.
 * @example faultResult(unrequestedUpgrade(101, 'Switching Protocols', ['Upgrade', 'websocket']))
 */
export function faultResult(fault: AnswerFault): CheckResult {
  return {
    check: fault.check,
    outcome: 'failed',
    level: 'violation',
    basis: fault.basis,
    message: fault.message,
    expected: 'an HTTP/1.1 answer the proxy can pass on as it came',
    received: fault.bytes,
  }
}

/** The head of an answer as the deployment wrote it, rebuilt from what node parsed (its bytes one a character). */
function headBytes(status: number, reason: string, rawHeaders: ReadonlyArray<string>): string {
  let head = `HTTP/1.1 ${status} ${reason}\r\n`
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) head += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`
  return head
}

/**
 * A 101 to a request that asked for no upgrade: the proxy never forwards `Upgrade`, so every 101 it gets is one.
 * @example unrequestedUpgrade(101, 'Switching Protocols', ['Upgrade', 'websocket'])
 */
export function unrequestedUpgrade(status: number, reason: string, rawHeaders: ReadonlyArray<string>): AnswerFault {
  return {
    check: 'unrequested_upgrade',
    message:
      `The deployment answered ${status} ${reason} (a switch to another protocol) to a request that asked for ` +
      'no upgrade.',
    bytes: shownBytes(headBytes(status, reason, rawHeaders)),
    basis: noUnaskedSwitch,
  }
}

/** What node's parser said of an answer it could not read as HTTP/1.1, in words. */
const parseErrors: Record<string, string> = {
  HPE_INVALID_STATUS: 'its status line has no valid status code',
  HPE_INVALID_CONSTANT: 'its status line does not start with an HTTP version',
  HPE_INVALID_VERSION: 'its status line names no valid HTTP version',
  HPE_INVALID_HEADER_TOKEN: 'a header field holds a character the grammar does not allow',
  HPE_LF_EXPECTED: 'a line does not end with CRLF',
  HPE_CR_EXPECTED: 'a line does not end with CRLF',
  HPE_HEADER_OVERFLOW: 'its header section is longer than the 16 KiB the proxy reads',
  HPE_INVALID_CONTENT_LENGTH: 'its Content-Length is not a number',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'it has both a Content-Length and a Transfer-Encoding',
  HPE_INVALID_TRANSFER_ENCODING: 'its Transfer-Encoding does not end with chunked',
  HPE_INVALID_CHUNK_SIZE: 'a chunk size of its body is not hexadecimal',
  HPE_STRICT: 'it breaks the message grammar',
}

/**
 * An answer node:http could not parse (an `HPE_*` error): what broke, and the bytes up to where it broke.
 * @example parseFault(error) // { check: 'answer_message_syntax', message: '… its status line has no …', … }
 */
export function parseFault(error: NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: string }): AnswerFault {
  const what = parseErrors[error.code ?? ''] ?? `it breaks the message grammar (${error.reason ?? error.code})`
  return {
    check: 'answer_message_syntax',
    message: `The deployment's answer is not HTTP/1.1 as RFC 9112 writes it: ${what}.`,
    bytes: error.rawPacket ? shownBytes(error.rawPacket) : '(no bytes kept)',
    basis: /HEADER_TOKEN/.test(error.code ?? '') ? fieldValues : grammar,
  }
}

// What node writes in a status line and a field (RFC 9112 section 4, RFC 9110 sections 5.1 and 5.5).
const invalidText = /[^\t\x20-\x7e\x80-\xff]/
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * Why an answer node parsed cannot be written on as it came: a status outside 200..599 (a final answer), a reason
 * phrase or a field with a character the grammar does not allow; undefined when it can be.
 * @example unwritable(200, 'O\x01K', []) // { check: 'answer_message_syntax', … }
 */
export function unwritable(status: number, reason: string, rawHeaders: ReadonlyArray<string>): AnswerFault | undefined {
  const head = (): string => shownBytes(headBytes(status, reason, rawHeaders))
  if (status < 200 || status > 599)
    return {
      check: 'answer_message_syntax',
      message: `The deployment answered with status ${status}, which is no HTTP status code.`,
      bytes: head(),
      basis: statusRange,
    }
  if (invalidText.test(reason))
    return {
      check: 'answer_message_syntax',
      message:
        "The deployment's reason phrase holds a control character, which the status-line grammar does not allow.",
      bytes: head(),
      basis: grammar,
    }
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    const value = rawHeaders[i + 1] as string
    if (token.test(name) && !invalidText.test(value)) continue
    return {
      check: 'answer_message_syntax',
      message:
        `The deployment's ${token.test(name) ? `${name} field's value` : 'field name'} holds a character the ` +
        'field grammar does not allow.',
      bytes: shownBytes(`${name}: ${value}`),
      basis: fieldValues,
    }
  }
  return undefined
}

/**
 * The fault of a head node refused to write as it came: `unwritable`'s, or, should node refuse one the proxy finds
 * in the grammar, the head's bytes as a grammar fault.
 * @example headFault(200, 'O\x01K', [])
 */
export function headFault(status: number, reason: string, rawHeaders: ReadonlyArray<string>): AnswerFault {
  return (
    unwritable(status, reason, rawHeaders) ?? {
      check: 'answer_message_syntax',
      message: "The deployment's head could not be written on as HTTP/1.1.",
      bytes: shownBytes(headBytes(status, reason, rawHeaders)),
      basis: grammar,
    }
  )
}
