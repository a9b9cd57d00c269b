import { operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { followUpOf, judgeEcho, judgeFollowUp, judgeForm, ownAnswerOf } from './wire-form-verdicts.ts'

/** A field value of octets past US-ASCII, one character a byte: UTF-8 "é", then 0xFF, no UTF-8 at all. */
const obsText = 'caf\u00c3\u00a9 \u00ff'

/**
 * A request is read as octets (RFC 9112 section 2.2: "A recipient MUST parse an HTTP message as a sequence of octets
 * in an encoding that is a superset of US-ASCII"): the valid request of every described operation with a field whose
 * value holds octets 0x80 to 0xFF (obs-text, some not UTF-8), the first safe operation's request written after it on
 * the same connection. A parser that reads the head as decoded text miscounts where it ends: the body read from the
 * wrong place, the key not found, the request after it read from the middle of this one. Its own answer (the body
 * as sent) or a refusal with 400 passes; a 401 (the key lost), a body read otherwise, or the next request answered with
 * what is not its own is a violation.
 */
export const requestOctetsScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'request_octets',
      title: `${operation.operationId} with octets past US-ASCII in a field is read as octets, and so is what follows`,
      operationId: operation.operationId,
      basis: standardSays.octets,
      writes: !operation.safe,
      async run(context) {
        const request = validRequest(operation, context.data)
        const followUp = followUpOf(context)
        if (!request || !followUp) return context.skip('No request of this operation can be built.')
        const own = await ownAnswerOf(context, followUp)
        const exchange = await context.client.call(operation.operationId, {
          ...request,
          alsoAccepted: clientErrors,
          wire: {
            rewrite: (head) => head.replace('\r\n', `\r\nx-note: ${obsText}\r\n`),
            pipelined: [followUp],
            inTurn: true,
          },
        })
        const what = `${operation.operationId} with a field of octets 0x80-0xFF`
        judgeForm(context, exchange, {
          what,
          expected: 'its own answer, or 400',
          verdict: (status) => (status === 401 ? 'violation' : 'pass'),
          basis: standardSays.octets,
        })
        const json = request.json
        if (typeof json === 'object' && json !== null && 'name' in json)
          judgeEcho(context, exchange, 'name', json as Record<string, unknown>, what, standardSays.octets)
        judgeFollowUp(context, exchange, own, what, standardSays.octets)
      },
    }),
  )
