import { standardSays } from '../shared/citations.ts'
import { answerHeadFaults, framingFaults, transferCodingFaults } from '../shared/wire-answer-faults.ts'
import { failed, passed, type ResponseCheck, warning } from './response-check.ts'

/** How much of a head a finding quotes. */
const shownCharacters = 600

/**
 * An answer fetch's HTTP parser refused is no reason to stop judging: the client read it again on a connection of
 * its own (`readOnWire`), and its bytes are judged by RFC 9112 here, on every exchange, whatever the scenario (the
 * setup's first list included, which once ended the run as "unreachable"). Each fault is a violation citing the
 * sentence it breaks (both Transfer-Encoding and Content-Length: section 6.2), with the head as it came; a fault that
 * breaks only a SHOULD is a deviation; an answer fetch refused that RFC 9112 allows passes, saying so.
 */
export const answerOnWire: ResponseCheck = {
  name: 'answer_on_wire',
  description:
    'An answer fetch cannot parse is read on the wire and judged by RFC 9112 (status-line, field lines, framing).',
  basis: standardSays.messageGrammar,
  run: ({ response }) => {
    const read = response.readOnWire
    if (!read) return undefined
    // What the judge reads of it; the request was fetch's, HTTP/1.1 without TE.
    const content = new Uint8Array(response.bodyBytes ?? 0)
    const answer = { ...read, version: '', reason: '', interim: [], status: response.status, content }
    const faults = [
      ...answerHeadFaults(answer, {}),
      ...transferCodingFaults(answer, { closedAfter: read.closedAfter }),
      ...framingFaults(answer, {}),
    ]
    const shown = JSON.stringify(read.head.slice(0, shownCharacters))
    const said = `fetch's HTTP parser refused the ${response.status} answer (${read.refusal}); read on the wire`
    const [first, ...others] = [...faults.filter((fault) => !fault.deviation), ...faults.filter((f) => f.deviation)]
    if (!first) return passed(`${said}, its bytes keep RFC 9112.`)
    const also = others.length > 0 ? `; also ${others.map((fault) => fault.message).join('; ')}` : ''
    const verdict = first.deviation ? warning : failed
    return {
      ...verdict(`${said}: ${first.message}${also}.`, 'an HTTP/1.1 answer as RFC 9112 writes one', shown),
      basis: first.basis,
    }
  },
}
