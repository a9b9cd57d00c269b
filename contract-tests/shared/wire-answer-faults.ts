import { specChooses, standardSays } from './citations.ts'
import type { RawAnswer } from './contract-caller.ts'
import type { Basis } from './exchange.ts'
import { fieldValues } from './field-values.ts'

/** One way an answer's bytes break RFC 9112, with the sentence it breaks; `deviation` where that is a SHOULD. */
export interface WireFault {
  message: string
  basis: Basis
  deviation?: true
}

/** What the answer was to, and what followed it on the connection. */
interface AnsweredOn {
  /** The request was HTTP/1.0. */
  http10?: boolean
  /** The server closed the connection right after this answer (the last one read, and the read saw the close). */
  closedAfter?: boolean
}

const tchar = "[!#$%&'*+.^_`|~0-9A-Za-z-]"
const statusLine = /^HTTP\/[0-9]\.[0-9] [0-9]{3} [\t \x21-\x7E\x80-\xFF]*$/
const fieldLine = new RegExp(`^${tchar}+:[\\t \\x21-\\x7E\\x80-\\xFF]*$`)
/** A few bytes around `at`, quoted as JSON writes them (so CR, LF and other controls show as escapes). */
const around = (text: string, at: number): string => JSON.stringify(text.slice(Math.max(0, at - 24), at + 24))

/**
 * How an answer's head breaks the message grammar of RFC 9112, read from its bytes (`RawAnswer.head`): line ends
 * other than CRLF (section 2.1), a bare CR (2.2), white space before the first field line (2.2) or at the start of a
 * later one (line folding, 5.2), a status-line not `HTTP-version SP 3DIGIT SP reason-phrase` (the version's case,
 * section 2.3; the SP after the code even without a phrase, section 4), a field line not `field-name ":" field-value`
 * (5.1), and, a deviation, HTTP/1.0 to an HTTP/1.1 request (2.3).
 * @example answerHeadFaults({ head: 'HTTP/1.1 200\r\n\r\n' }, {})[0]?.message // 'the status-line "HTTP/1.1 200" …'
 */
export function answerHeadFaults(answer: Pick<RawAnswer, 'head'>, { http10 = false }: AnsweredOn): Array<WireFault> {
  const { head } = answer
  const faults: Array<WireFault> = []
  const bareCr = head.search(/\r(?!\n)/)
  if (bareCr >= 0)
    faults.push({
      message: `a bare CR (not followed by LF) in its head: ${around(head, bareCr)}`,
      basis: standardSays.bareCr,
    })
  const bareLf = head.search(/(?<!\r)\n/)
  if (bareLf >= 0)
    faults.push({
      message: `a line of its head ends with a bare LF, not CRLF: ${around(head, bareLf)}`,
      basis: standardSays.messageGrammar,
    })
  const [first = '', ...lines] = head.split(/\r?\n/).slice(0, -2)
  faults.push(...statusLineFaults(first, http10))
  lines.forEach((line, index) => {
    if (/^[ \t]/.test(line)) {
      faults.push(
        index === 0
          ? {
              message: `white space between its status-line and its first field line: ${JSON.stringify(line)}`,
              basis: standardSays.whitespaceBeforeFields,
            }
          : { message: `a folded field line (obs-fold): ${JSON.stringify(line)}`, basis: standardSays.lineFolding },
      )
      return
    }
    // A bare CR is reported once, above; read as SP here, as section 2.2 lets a recipient read it.
    if (fieldLine.test(line.replace(/\r/g, ' '))) return
    const colon = line.indexOf(':')
    const name = colon < 0 ? line : line.slice(0, colon)
    faults.push({
      message:
        colon > 0 && /[ \t]$/.test(name)
          ? `white space between a field name and its colon: ${JSON.stringify(line)}`
          : `a field line that is not field-name ":" field-value: ${JSON.stringify(line.slice(0, 120))}`,
      basis: standardSays.messageGrammar,
    })
  })
  return faults
}

function statusLineFaults(line: string, http10: boolean): Array<WireFault> {
  const text = line.replace(/\r$/, '')
  const shown = JSON.stringify(text.slice(0, 120))
  if (!/^HTTP\/1\.[0-9] /.test(text)) {
    const version = /^[^ \t]*/.exec(text)?.[0] ?? ''
    return [
      {
        message: `the status-line ${shown} names the version ${JSON.stringify(version)}, not HTTP/1.x`,
        basis: standardSays.httpVersion,
      },
    ]
  }
  if (/^HTTP\/1\.[0-9] [0-9]{3}$/.test(text))
    return [
      { message: `the status-line ${shown} has no SP after its status code`, basis: standardSays.statusLineSpace },
    ]
  if (!statusLine.test(text))
    return [
      {
        message: `the status-line ${shown} is not HTTP-version SP status-code SP reason-phrase`,
        basis: standardSays.messageGrammar,
      },
    ]
  if (!http10 && text.startsWith('HTTP/1.0 '))
    return [
      {
        message: `an HTTP/1.1 request is answered ${shown}`,
        basis: specChooses.answersAsHttp11,
        deviation: true,
      },
    ]
  return []
}

/** The transfer codings a Transfer-Encoding names, lower-cased, without their parameters. */
function codingsOf(answer: Pick<RawAnswer, 'fields'>): Array<string> {
  return fieldValues(answer.fields, 'transfer-encoding')
    .join(',')
    .split(',')
    .map((coding) => (coding.split(';')[0] ?? '').trim().toLowerCase())
    .filter(Boolean)
}

/**
 * How an answer to a request that sent no `TE` uses transfer codings (RFC 9112 sections 6.1, 6.3 and 7.4): no coding
 * but chunked ("If the TE field value is empty or if no TE field is present, the only acceptable transfer coding is
 * chunked."), chunked once, and as the last coding unless the connection closes after it; and, a deviation, content
 * delimited by the close rather than by its length or chunked (section 6.3's SHOULD), for an HTTP/1.1 request.
 * @example transferCodingFaults(answer, { closedAfter: false }).map((fault) => fault.message)
 */
export function transferCodingFaults(
  answer: Pick<RawAnswer, 'fields' | 'framing' | 'status' | 'content'>,
  { http10 = false, closedAfter = false }: AnsweredOn,
): Array<WireFault> {
  const codings = codingsOf(answer)
  const faults: Array<WireFault> = []
  const others = codings.filter((coding) => coding !== 'chunked')
  if (others.length > 0)
    faults.push({
      message: `it is sent with the transfer coding ${others.join(', ')} to a request that sent no TE`,
      basis: standardSays.onlyChunkedWithoutTe,
    })
  if (codings.filter((coding) => coding === 'chunked').length > 1)
    faults.push({
      message: `it is chunked ${codings.length} times (${codings.join(', ')})`,
      basis: standardSays.chunkedOnce,
    })
  if (codings.length > 0 && codings.at(-1) !== 'chunked' && !closedAfter)
    faults.push({
      message: `its last transfer coding is ${codings.at(-1)}, not chunked, and the connection stayed open after it`,
      basis: standardSays.chunkedLastOrClose,
    })
  if (!http10 && codings.length === 0 && answer.framing === 'close' && answer.content.byteLength > 0)
    faults.push({
      message:
        `its ${answer.content.byteLength} bytes of content are delimited by the close, ` +
        'with neither Content-Length nor chunked',
      basis: specChooses.lengthDelimited,
      deviation: true,
    })
  return faults
}

/**
 * How an answer is framed against RFC 9112 sections 6.1 to 6.3: never both Transfer-Encoding and Content-Length
 * (section 6.2), one valid Content-Length (6.3: "Content-Length = 1*DIGIT", a list of one value repeated allowed),
 * no Transfer-Encoding on a 1xx or 204 nor to an HTTP/1.0 request (6.1), and content as long as its Content-Length
 * said.
 * @example framingFaults(answer, {})[0]?.message // 'it carries both Transfer-Encoding (chunked) and Content-Length…'
 */
export function framingFaults(answer: RawAnswer, { http10 = false }: AnsweredOn): Array<WireFault> {
  const codings = fieldValues(answer.fields, 'transfer-encoding')
  const lengths = fieldValues(answer.fields, 'content-length')
  if (codings.length > 0 && lengths.length > 0)
    return [
      {
        message: `it carries both Transfer-Encoding (${codings.join(', ')}) and Content-Length (${lengths.join(', ')})`,
        basis: standardSays.lengthWithCoding,
      },
    ]
  const values = new Set(
    lengths
      .join(',')
      .split(',')
      .map((value) => value.trim()),
  )
  if (lengths.length > 0 && (values.size > 1 || ![...values].every((value) => /^\d+$/.test(value))))
    return [
      {
        message: `its Content-Length is not one number of octets: ${lengths.join(', ')}`,
        basis: standardSays.responseFraming,
      },
    ]
  if (codings.length > 0 && http10)
    return [
      {
        message: `it answers an HTTP/1.0 request with Transfer-Encoding: ${codings.join(', ')}`,
        basis: standardSays.responseFraming,
      },
    ]
  if (codings.length > 0 && (answer.status === 204 || answer.status < 200))
    return [{ message: `a ${answer.status} carries Transfer-Encoding`, basis: standardSays.responseFraming }]
  if (answer.framing === 'content-length' && !answer.complete)
    return [
      {
        message: `the connection closed after ${answer.content.byteLength} of the ${lengths[0]} bytes announced`,
        basis: standardSays.responseFraming,
      },
    ]
  return []
}

/**
 * Every way an answer read on the wire breaks RFC 9112: its head's grammar, its transfer codings and its framing.
 * @example wireAnswerFaults(answer, { closedAfter: true }).length // 0 for a well-formed answer
 */
export function wireAnswerFaults(answer: RawAnswer, on: AnsweredOn): Array<WireFault> {
  return [...answerHeadFaults(answer, on), ...transferCodingFaults(answer, on), ...framingFaults(answer, on)]
}
