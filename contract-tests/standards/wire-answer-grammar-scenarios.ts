import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import type { Scenario } from '../shared/scenario.ts'
import { answerHeadFaults, framingFaults, transferCodingFaults } from '../shared/wire-answer-faults.ts'
import { reportWireFaults } from './wire-answers.ts'

const answered = [...clientErrors, 200, 201, 202, 204]

/**
 * Every answer read byte by byte (RFC 9112 sections 2 to 7): the valid request of every described operation, the
 * same without the key (its 401) and OPTIONS on its path, each written on a connection of its own as HTTP/1.1 with
 * no `TE`. Each answer must be `status-line CRLF *( field-line CRLF ) CRLF [ body ]`: CRLF line ends and no bare CR
 * (sections 2.1, 2.2), no white space before the first field line nor folded lines (2.2, 5.2), `HTTP/1.x` in that
 * case, SP, three digits and SP even without a reason-phrase (2.3, 4), `field-name ":" field-value` lines (5.1); no
 * transfer coding but chunked, chunked once and last unless the connection closes after it (6.1, 7.4); one framing,
 * none on a 1xx or 204 (6.1, 6.2). Deviations: an HTTP/1.0 status-line to an HTTP/1.1 request (2.3), content
 * delimited by the close (6.3).
 */
export const answerGrammarScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'answer_grammar',
      title: `${operation.operationId}'s answers are HTTP/1.1 messages byte by byte: status-line, field lines, codings`,
      operationId: operation.operationId,
      basis: standardSays.messageGrammar,
      writes: !operation.safe,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        // The read-only transport sends GET and HEAD alone: OPTIONS waits for a run that may send more.
        const options: Array<CallOptions> = context.client.readOnly
          ? []
          : [{ params: request.params, method: 'OPTIONS' }]
        const forms: ReadonlyArray<CallOptions> = [request, { ...request, authorization: null }, ...options]
        for (const form of forms) {
          const written = await context.client.call(operation.operationId, {
            ...form,
            alsoAccepted: answered,
            wire: {},
          })
          const outcome = wireOutcomeOf(written)
          const [answer] = outcome?.answers ?? []
          if (!outcome || !answer) continue
          const closedAfter = outcome.closed && outcome.restBytes === 0
          const faults = [
            ...answerHeadFaults(answer, {}),
            ...transferCodingFaults(answer, { closedAfter }),
            ...framingFaults(answer, {}),
          ]
          reportWireFaults(context, written, faults, answer)
        }
      },
    }),
  )
