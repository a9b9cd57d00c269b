import { fieldBreaches } from '../checks/answer-field-rules.ts'
import type { RawAnswer, WireOutcome } from '../shared/contract-caller.ts'
import type { Basis } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { ScenarioContext } from '../shared/scenario.ts'

/**
 * Fields a trailer section cannot carry (RFC 9110 section 6.5.1): framing, routing, authentication, response control
 * data and what describes the content, all needed before the content ends.
 */
const notTrailers = new Set([
  'age',
  'authorization',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'content-type',
  'date',
  'expires',
  'host',
  'keep-alive',
  'location',
  'proxy-authenticate',
  'retry-after',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'vary',
  'www-authenticate',
])

const trailerAnnounced: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock sends no trailer fields. RFC 9110 section 6.6.2: "A sender that intends to generate one or more ' +
    'trailer fields in a message SHOULD generate a Trailer header field in the header section of that message to ' +
    'indicate which fields might be present in the trailers."',
}

/** The trailer fields of an answer that RFC 9110 section 6.5.1 keeps out of trailers, and those not announced. */
function trailerFaults(answer: RawAnswer): { forbidden: Array<string>; unannounced: Array<string> } {
  const names = (answer.trailers ?? []).map(([name]) => name.toLowerCase())
  const announced = answer.fields
    .filter(([name]) => name.toLowerCase() === 'trailer')
    .flatMap(([, value]) => value.split(',').map((name) => name.trim().toLowerCase()))
  return {
    forbidden: names.filter((name) => notTrailers.has(name)),
    unannounced: names.filter((name) => !announced.includes(name)),
  }
}

/**
 * Judges the fields of every answer read on the wire (`answer_field_rules`), where every line shows as the server
 * wrote it: the field rules of `fieldBreaches` on the lines themselves (a singleton field twice is two lines), and the
 * trailer section of a chunked answer: no field RFC 9110 section 6.5.1 keeps out of trailers (a violation), each
 * announced in a Trailer field (a deviation: a SHOULD).
 * @example judgeAnswerRules(context, wireOutcomeOf(exchange))
 */
export function judgeAnswerRules(context: ScenarioContext, outcome: WireOutcome): void {
  // A 101 that ends HTTP/1.1 on the connection is judged as an answer: its Upgrade and its connection options.
  for (const head of outcome.pendingInterim ?? []) {
    if (head.status !== 101) continue
    for (const breach of fieldBreaches(101, head.fields, { joined: false }))
      context.assert(false, {
        check: 'answer_field_rules',
        basis: breach.basis,
        message: breach.message,
        received: head.fields.map(([name, value]) => `${name}: ${value}`).join('; '),
        exchange: outcome.exchanges[outcome.answers.length],
      })
  }
  outcome.answers.forEach((answer, index) => {
    const exchange = outcome.exchanges[index]
    const received = answer.fields.map(([name, value]) => `${name}: ${value}`).join('; ')
    for (const breach of fieldBreaches(answer.status, answer.fields, { joined: false })) {
      const detail = { check: 'answer_field_rules', basis: breach.basis, message: breach.message, received, exchange }
      if (breach.level === 'violation') context.assert(false, detail)
      else context.observe(detail)
    }
    const { forbidden, unannounced } = trailerFaults(answer)
    const trailers = (answer.trailers ?? []).map(([name, value]) => `${name}: ${value}`).join('; ')
    if (forbidden.length > 0)
      context.assert(false, {
        check: 'answer_field_rules',
        basis: messageSays.trailerFields,
        message: `the ${answer.status} answer sends ${forbidden.join(', ')} in its trailer section`,
        expected: 'no framing, routing, authentication, control or content-describing field after the content',
        received: trailers,
        exchange,
      })
    else if (unannounced.length > 0)
      context.observe({
        check: 'answer_field_rules',
        basis: trailerAnnounced,
        message: `the ${answer.status} answer's trailer fields ${unannounced.join(', ')} are not announced in Trailer`,
        received: trailers,
        exchange,
      })
  })
}
