import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { standardSays } from '../shared/citations.ts'
import type { RawAnswer, WireOutcome } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import { framingFaults, type WireFault } from '../shared/wire-answer-faults.ts'

/** What tells one answer from another of a pipeline: the status, and a list from a resource, and which resource. */
export function answerKey(status: number | undefined, json: unknown): string {
  if (status === undefined) return 'no answer'
  if (Array.isArray(json)) return `${status} a list`
  const id = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).id : undefined
  return id === undefined ? String(status) : `${status} id ${stringifyJson(id)}`
}

/**
 * Judges how each answer read on the wire is framed (`response_framing`, `framingFaults`): never both
 * Transfer-Encoding and Content-Length (RFC 9112 section 6.2), no Transfer-Encoding on a 1xx or 204 nor to an
 * HTTP/1.0 request (section 6.1), and content as long as the Content-Length said: cut short by the close, or, where
 * the exchange read to the close (`toClose`), followed by bytes no answer holds.
 */
export function judgeFraming(
  context: ScenarioContext,
  outcome: WireOutcome,
  { http10 = false, toClose = false }: { http10?: boolean; toClose?: boolean } = {},
): void {
  outcome.answers.forEach((answer, index) => {
    const exchange = outcome.exchanges[index]
    for (const fault of framingFaults(answer, { http10 })) framingFinding(context, exchange, fault, answer)
  })
  const last = outcome.answers.at(-1)
  if (!toClose || !outcome.closed || outcome.restBytes === 0 || last?.framing !== 'content-length') return
  framingFinding(
    context,
    outcome.exchanges[outcome.answers.length - 1],
    {
      message:
        `${outcome.restBytes} bytes follow the ${last.content.byteLength} its Content-Length announced ` +
        `(${JSON.stringify(outcome.rest.slice(0, 60))})`,
      basis: standardSays.responseFraming,
    },
    last,
  )
}

function framingFinding(context: ScenarioContext, exchange: Exchange | undefined, fault: WireFault, answer: RawAnswer) {
  context.assert(false, {
    check: 'response_framing',
    basis: fault.basis,
    message: `the ${answer.status} answer is framed wrong on the wire: ${fault.message}`,
    expected: 'one framing: Content-Length equal to the content that follows, or chunked (HTTP/1.1 only)',
    received: answer.fields.map(([name, value]) => `${name}: ${value}`).join('; '),
    exchange,
  })
}

/**
 * Reports the faults a judge of an answer's bytes found (`wire-answer-faults.ts`): a violation for each, a deviation
 * for one that breaks a SHOULD, each citing its sentence and quoting the head as it came.
 * @example reportWireFaults(context, exchange, answerHeadFaults(answer, {}), answer)
 */
export function reportWireFaults(
  context: ScenarioContext,
  exchange: Exchange | undefined,
  faults: ReadonlyArray<WireFault>,
  answer: Pick<RawAnswer, 'status' | 'head'>,
): void {
  for (const fault of faults) {
    const detail = {
      message: `the ${answer.status} answer on the wire: ${fault.message}`,
      expected: 'an HTTP/1.1 answer as RFC 9112 writes one',
      received: JSON.stringify(answer.head.slice(0, 600)),
      exchange,
      basis: fault.basis,
    }
    if (fault.deviation) context.observe(detail)
    else context.assert(false, detail)
  }
}
