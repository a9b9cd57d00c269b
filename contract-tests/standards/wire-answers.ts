import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { fieldValues } from '../client/raw-exchange-parse.ts'
import { standardSays } from '../shared/citations.ts'
import type { RawAnswer, WireOutcome } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'

/** What tells one answer from another of a pipeline: the status, and a list from a resource, and which resource. */
export function answerKey(status: number | undefined, json: unknown): string {
  if (status === undefined) return 'no answer'
  if (Array.isArray(json)) return `${status} a list`
  const id = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).id : undefined
  return id === undefined ? String(status) : `${status} id ${stringifyJson(id)}`
}

/**
 * Judges how each answer read on the wire is framed (`response_framing`): never both Transfer-Encoding and
 * Content-Length (RFC 9112 section 6.2: "A sender MUST NOT send a Content-Length header field in any message that
 * contains a Transfer-Encoding header field."), no Transfer-Encoding on a 1xx or 204 nor to an HTTP/1.0 request
 * (section 6.1), and content as long as the Content-Length said: cut short by the close, or, where the exchange read
 * to the close (`toClose`), followed by bytes no answer holds.
 */
export function judgeFraming(
  context: ScenarioContext,
  outcome: WireOutcome,
  { http10 = false, toClose = false }: { http10?: boolean; toClose?: boolean } = {},
): void {
  outcome.answers.forEach((answer, index) => {
    const exchange = outcome.exchanges[index]
    const fault = framingFault(answer, http10)
    if (fault) framingFinding(context, exchange, fault, answer)
  })
  const last = outcome.answers.at(-1)
  if (!toClose || !outcome.closed || outcome.restBytes === 0 || last?.framing !== 'content-length') return
  framingFinding(
    context,
    outcome.exchanges[outcome.answers.length - 1],
    `${outcome.restBytes} bytes follow the ${last.content.byteLength} its Content-Length announced ` +
      `(${JSON.stringify(outcome.rest.slice(0, 60))})`,
    last,
  )
}

/** What is wrong with one answer's framing, if anything. */
function framingFault(answer: RawAnswer, http10: boolean): string | undefined {
  const codings = fieldValues(answer.fields, 'transfer-encoding')
  const lengths = fieldValues(answer.fields, 'content-length')
  if (codings.length > 0 && lengths.length > 0)
    return `it carries both Transfer-Encoding (${codings.join(', ')}) and Content-Length (${lengths.join(', ')})`
  if (codings.length > 0 && http10)
    return `it answers an HTTP/1.0 request with Transfer-Encoding: ${codings.join(', ')}`
  if (codings.length > 0 && (answer.status === 204 || answer.status < 200))
    return `a ${answer.status} carries Transfer-Encoding`
  if (answer.framing === 'content-length' && !answer.complete)
    return `the connection closed after ${answer.content.byteLength} of the ${lengths[0]} bytes announced`
  return undefined
}

function framingFinding(context: ScenarioContext, exchange: Exchange | undefined, fault: string, answer: RawAnswer) {
  context.assert(false, {
    check: 'response_framing',
    basis: standardSays.responseFraming,
    message: `the ${answer.status} answer is framed wrong on the wire: ${fault}`,
    expected: 'one framing: Content-Length equal to the content that follows, or chunked (HTTP/1.1 only)',
    received: answer.fields.map(([name, value]) => `${name}: ${value}`).join('; '),
    exchange,
  })
}
