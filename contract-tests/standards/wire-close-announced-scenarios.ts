import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { fieldValues } from '../client/raw-exchange-parse.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { RawAnswer, WireCall } from '../shared/contract-caller.ts'
import type { Scenario } from '../shared/scenario.ts'
import { framingFaults } from '../shared/wire-answer-faults.ts'
import { reportWireFaults } from './wire-answers.ts'
import { acted } from './wire-form-verdicts.ts'

/** How long to wait for the server's close once the answers have come. */
const closeWaitMs = 1_500

const saysClose = (answer: RawAnswer | undefined): boolean =>
  answer !== undefined && /(^|,)\s*close\s*(,|$)/i.test(fieldValues(answer.fields, 'connection').join(','))

/** Whether a connection closed after its first answer, which said no close, the request after it unanswered. */
function closesUnannounced(outcome: ReturnType<typeof wireOutcomeOf>): boolean {
  const [answer, next] = outcome?.answers ?? []
  return outcome?.closed === true && answer !== undefined && !saysClose(answer) && next === undefined
}

/**
 * The close of a connection is said before it is made (RFC 9112 sections 9.3 and 9.6): the valid request of every
 * described safe operation written twice on one connection, the second once the first is answered, as HTTP/1.1, as
 * HTTP/1.0 without keep-alive, and as HTTP/1.0 with `Connection: keep-alive`. An answer that says `close` is the last:
 * the connection closes after it and the request after it is not processed (a 2xx to it is a violation, as is a
 * connection left open). An answer that does not say `close`, after which the server closes without answering the
 * request written after it, leaves its client no way to know: a violation. Keeping an HTTP/1.1 connection (section 9.3:
 * "HTTP implementations SHOULD support persistent connections") and closing an HTTP/1.0 one without keep-alive are what
 * the RFC asks with a SHOULD: otherwise a deviation. An HTTP/1.0 answer carries no Transfer-Encoding.
 */
export const closeAnnouncedScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'close_announced',
      title: `${operation.operationId}'s answers say close before the connection closes, and close after saying it`,
      operationId: operation.operationId,
      basis: standardSays.closeAnnounced,
      writes: false,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const again = { operationId: operation.operationId, options: { ...request, alsoAccepted: clientErrors } }
        const versions: ReadonlyArray<[string, WireCall]> = [
          ['HTTP/1.1', {}],
          ['HTTP/1.0', { version: 'HTTP/1.0' }],
          [
            'HTTP/1.0 with Connection: keep-alive',
            { version: 'HTTP/1.0', rewrite: (head) => head.replace(/\r\n\r\n$/, '\r\nconnection: keep-alive\r\n\r\n') },
          ],
        ]
        for (const [version, wire] of versions) {
          const send = () =>
            context.client.call(operation.operationId, {
              ...request,
              alsoAccepted: clientErrors,
              wire: {
                ...wire,
                pipelined: [{ ...again, options: { ...again.options, wire } }],
                closeWaitMs,
                inTurn: true,
              },
            })
          const first = await send()
          const outcome = wireOutcomeOf(first)
          const [answer, next] = outcome?.answers ?? []
          if (!outcome || !answer) continue
          const http10 = version.startsWith('HTTP/1.0')
          reportWireFaults(context, first, framingFaults(answer, { http10 }), answer)
          const what = `${operation.operationId} as ${version}`
          if (saysClose(answer)) {
            context.assert(!acted(next?.status), {
              message: `${what}: a request written after an answer that said close was processed`,
              expected: 'the answer that says close is the last on its connection',
              received: `${next?.status} to the request after it`,
              exchange: outcome.exchanges[1],
            })
            context.assert(outcome.closed, {
              message: `${what}: the answer says close, and the connection stayed open`,
              expected: 'the connection closed after the answer that said close',
              received: `still open ${closeWaitMs} ms after the answers`,
              exchange: first,
            })
            if (!http10)
              context.observe({
                message: `${what}: the connection is closed after one answer (no persistent connection)`,
                expected: 'the connection kept for further requests',
                received: 'Connection: close',
                exchange: first,
                basis: specChooses.persistentConnections,
              })
            continue
          }
          // A reset strikes one connection (a worker recycled, a proxy's idle limit): the same close on a second
          // connection is the server's way, and only then a finding.
          if (!next && outcome.closed && !http10 && closesUnannounced(wireOutcomeOf(await send())))
            context.assert(false, {
              message:
                `${what}: the connection closed after an answer that did not say close, ` +
                'the request written after it unanswered',
              expected: 'Connection: close in the answer after which the server closes',
              received: `Connection: ${fieldValues(answer.fields, 'connection').join(', ') || '(none)'}`,
              exchange: first,
            })
          if (version === 'HTTP/1.0' && next)
            context.observe({
              message: `${what} without keep-alive: the connection is kept and the request written after it answered`,
              expected: 'the connection closed after the answer',
              received: `${next.status} to the request after it`,
              exchange: outcome.exchanges[1],
              basis: specChooses.persistentConnections,
            })
        }
      },
    }),
  )
