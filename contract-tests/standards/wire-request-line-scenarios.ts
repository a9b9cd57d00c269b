import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { fieldValues } from '../client/raw-exchange-parse.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions, WireCall } from '../shared/contract-caller.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { type FormVerdict, judgeForm, silent } from './wire-form-verdicts.ts'

/** How long a probe waits where a server may rightly stay silent (an HTTP/0.9 line, bare LF line ends). */
const silenceMs = 1_500

interface LineForm {
  what: string
  wire: WireCall
  expected: string
  /** The verdict, given the plain request's status and whether the server stayed silent. */
  verdict: (status: number | undefined, plain: number | undefined, silence: boolean) => FormVerdict
}

const refusedOrPlain = (status: number | undefined, plain: number | undefined): FormVerdict =>
  status === undefined || status === plain || (status >= 400 && status < 500) ? 'pass' : 'deviation'
const as400AndClose = (status: number | undefined): FormVerdict => (status === 400 ? 'pass' : 'deviation')

const forms: ReadonlyArray<LineForm> = [
  {
    what: 'an empty line (CRLF) before the request-line',
    wire: { rewrite: (head) => `\r\n${head}` },
    expected: 'the plain answer: the empty line ignored',
    verdict: (status, plain) => (status === plain ? 'pass' : 'deviation'),
  },
  {
    what: 'every line ended by LF alone',
    wire: { rewrite: (head) => head.replaceAll('\r\n', '\n'), timeoutMs: silenceMs },
    expected: 'the plain answer, or a refusal',
    verdict: (status, plain, silence) => (silence ? 'deviation' : refusedOrPlain(status, plain)),
  },
  {
    what: 'two SP between the parts of its request-line',
    wire: { rewrite: (head) => head.replace(/^([^ ]+) ([^ ]+) /, '$1  $2  ') },
    expected: 'the plain answer, or a refusal',
    verdict: refusedOrPlain,
  },
  {
    what: 'HTAB between the parts of its request-line',
    wire: { rewrite: (head) => head.replace(/^([^ ]+) ([^ ]+) /, '$1\t$2\t') },
    expected: 'the plain answer, or a refusal',
    verdict: refusedOrPlain,
  },
  {
    what: 'a raw SP inside its request-target ("?x=a b")',
    wire: {
      rewrite: (head) =>
        head.replace(/^([^ ]+) ([^ ]+) /, (_, m, t) => `${m} ${t}${t.includes('?') ? '&' : '?'}x=a b `),
    },
    expected: '400, or a 301 to the target encoded',
    verdict: (status) =>
      status === undefined || status === 301 || (status >= 400 && status < 500) ? 'pass' : 'deviation',
  },
  {
    what: 'TE: gzip;Q=0.5, trailers and Connection: TE',
    wire: { rewrite: (head) => head.replace(/\r\n\r\n$/, '\r\nte: gzip;Q=0.5, trailers\r\nconnection: TE\r\n\r\n') },
    expected: 'the plain answer: TE may be ignored, never refused',
    verdict: (status, plain) => (status === plain ? 'pass' : 'deviation'),
  },
  {
    what: 'a word after its HTTP-version',
    wire: { rewrite: (head) => head.replace(/^([^\r]*)\r\n/, '$1 extra\r\n') },
    expected: '400, then the connection closed',
    verdict: as400AndClose,
  },
  {
    what: 'a field line without a colon',
    wire: { rewrite: (head) => head.replace(/\r\n\r\n$/, '\r\nno-colon-here\r\n\r\n') },
    expected: '400, then the connection closed',
    verdict: as400AndClose,
  },
]

/** No field a request-target's decoded CRLF could have made: `set-cookie: x=1`, `x-injected`. */
function judgeSplitting(context: ScenarioContext, exchange: Awaited<ReturnType<ScenarioContext['client']['call']>>) {
  const answer = wireOutcomeOf(exchange)?.answers[0]
  if (!answer) return
  const injected = [
    ...fieldValues(answer.fields, 'set-cookie').filter((value) => value.startsWith('x=1')),
    ...fieldValues(answer.fields, 'x-injected'),
  ]
  if (injected.length > 0)
    context.observe({
      message: 'a CRLF percent-encoded in the request-target reached the answer as a field of its own',
      expected: 'no field made from the request-target',
      received: injected.join('; '),
      exchange,
      basis: specChooses.requestRobustness,
    })
}

/**
 * The request-line and line ends as RFC 9112 lets a server read them or asks it to refuse them (sections 2.2, 3 and
 * 3.2), each written on the wire for the valid request of every described safe operation: an empty line before the
 * request-line ignored; bare LF line ends read or refused; two SP or an HTAB between its parts read or refused; a raw
 * SP in the target refused with 400 or a 301 (never answered as corrected); TE with a q in upper case and Connection:
 * TE answered as the plain request (section 7.4); a word after the version, a field line without a colon refused with
 * 400. Each is a SHOULD or a MAY: an answer otherwise is a deviation; a 5xx is a
 * violation (the interface lists none). Besides: `OPTIONS *` answered with a 2xx or 4xx (section 3.2.4), an HTTP/0.9
 * request-line refused or left unanswered, never answered with a body alone (appendix C.1), and a CRLF percent-encoded
 * in the target never an answer field of its own (section 11.1).
 */
export const requestLineScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe)
  .map(
    (operation, index): Scenario => ({
      check: 'request_line_forms',
      title: `${operation.operationId}'s request-line forms are read or refused as RFC 9112 says, never with a 5xx`,
      operationId: operation.operationId,
      basis: standardSays.messageGrammar,
      writes: false,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const send = (options: CallOptions, wire: WireCall) =>
          context.client.call(operation.operationId, { ...options, alsoAccepted: clientErrors, wire })
        const plain = (await send(request, {})).response?.status
        for (const form of forms) {
          const exchange = await send(request, form.wire)
          judgeForm(context, exchange, {
            what: `${operation.operationId} with ${form.what}`,
            expected: form.expected,
            verdict: (status, exchange) => form.verdict(status, plain, silent(exchange)),
            basis: standardSays.messageGrammar,
            choice: specChooses.requestRobustness,
          })
        }
        const old = await send(request, {
          rewrite: (head) => `${head.slice(0, head.indexOf(' HTTP/1.1'))}\r\n`,
          timeoutMs: silenceMs,
        })
        const bare = wireOutcomeOf(old)
        if (bare && bare.answers.length === 0 && bare.restBytes > 0)
          context.observe({
            message:
              `${operation.operationId} as an HTTP/0.9 request-line is answered with bytes ` +
              'that are no HTTP/1.x answer',
            expected: '400, a close, or nothing',
            received: JSON.stringify(bare.rest.slice(0, 120)),
            exchange: old,
            basis: specChooses.requestRobustness,
          })
        else
          judgeForm(context, old, {
            what: `${operation.operationId} as HTTP/0.9`,
            expected: '400, a close, or nothing',
            verdict: () => 'pass',
            basis: standardSays.messageGrammar,
          })
        const split = operation.operationId === 'getPet' ? '%0D%0ASet-Cookie:%20x=1' : '%0D%0AX-Injected:%20y/'
        const splitting = await send(request, { rewrite: (head) => head.replace(/^([^ ]+ [^ ?]+)/, `$1${split}`) })
        judgeSplitting(context, splitting)
        judgeForm(context, splitting, {
          what: `${operation.operationId} with a percent-encoded CRLF in its target`,
          expected: 'any answer but a 5xx',
          verdict: () => 'pass',
          basis: standardSays.messageGrammar,
        })
        // A read-only run sends GET and HEAD alone (--help): OPTIONS * waits for a run that may send more.
        if (index > 0 || context.client.readOnly) return
        for (const authorization of [undefined, null]) {
          const star = await send(
            { ...request, authorization, method: 'OPTIONS' },
            { rewrite: (head) => head.replace(/^OPTIONS [^ ]+ /, 'OPTIONS * ') },
          )
          judgeForm(context, star, {
            what: `OPTIONS * ${authorization === null ? 'without' : 'with'} the key`,
            expected: 'a 2xx or a 4xx',
            verdict: () => 'pass',
            basis: standardSays.messageGrammar,
          })
        }
      },
    }),
  )
