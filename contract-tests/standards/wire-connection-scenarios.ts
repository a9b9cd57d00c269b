import { type OperationSpec, operationList } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { originOf } from '../shared/origin-of.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { unknownParams } from './unknown-params.ts'
import { answerKey, judgeFraming } from './wire-answers.ts'

const safeOperations = operationList.filter((operation) => operation.described && operation.safe)

/**
 * The valid request of every safe operation, and of those that name a resource one naming an unknown one: those of the
 * operations whose API has the first one's origin, since all go on one connection to it.
 */
function pipeline(context: ScenarioContext): Array<{ operationId: OperationId; options: CallOptions }> {
  const [first] = safeOperations
  const origin = first && originOf(context.client, first.operationId)
  return safeOperations.flatMap((operation) => {
    const request = validRequest(operation, context.data)
    if (!request || originOf(context.client, operation.operationId) !== origin) return []
    const names = Object.keys(operation.sample.params)
    const unknown = unknownParams(operation, names)
    const requests = [{ operationId: operation.operationId, options: { ...request, alsoAccepted: clientErrors } }]
    if (names.length > 0)
      requests.push({ operationId: operation.operationId, options: { params: unknown, alsoAccepted: clientErrors } })
    return requests
  })
}

/**
 * Pipelined requests answered in order (RFC 9112 section 9.3.2): the safe requests of every described operation
 * whose API has the first one's origin (a resource the target lists, and an unknown one) are each sent alone, then
 * written at once on one connection: the answers must come in the order of the requests, each the one its request gets
 * alone (the status, a list or a resource, and which). A server may close the connection before answering them all
 * (the client retries the rest): not a finding; one that answers none of the rest and keeps the connection is a
 * deviation.
 */
export const pipeliningScenarios: Array<Scenario> = safeOperations.slice(0, 1).map(
  (first): Scenario => ({
    check: 'pipelined_in_order',
    title: 'Pipelined safe requests on one connection are answered in the order they were written',
    operationId: first.operationId,
    basis: standardSays.pipelining,
    writes: false,
    async run(context) {
      const requests = pipeline(context)
      if (requests.length < 2) return context.skip('Fewer than two safe requests can be built.')
      const alone = []
      for (const { operationId, options } of requests) alone.push(await context.client.call(operationId, options))
      const [head, ...rest] = requests
      if (!head) return
      const written = await context.client.call(head.operationId, { ...head.options, wire: { pipelined: rest } })
      const outcome = wireOutcomeOf(written)
      if (!outcome) return
      judgeFraming(context, outcome)
      const keys = alone.map((exchange) => answerKey(exchange.response?.status, exchange.response?.json))
      outcome.answers.forEach((_, index) => {
        const got = outcome.exchanges[index]
        const key = answerKey(got?.response?.status, got?.response?.json)
        const matches = keys.flatMap((other, at) => (other === key && at !== index ? [at + 1] : []))
        context.assert(key === keys[index], {
          message:
            `answer ${index + 1} of ${requests.length} pipelined requests is not the answer to request ${index + 1}` +
            (matches.length > 0 ? ` but that to request ${matches.join(' or ')}` : ''),
          expected: keys[index],
          received: key,
          exchange: got,
        })
      })
      if (outcome.answers.length < requests.length && !outcome.closed)
        context.observe({
          message: `${outcome.answers.length} of ${requests.length} pipelined requests answered, the connection kept`,
          expected: `${requests.length} answers, or a close`,
          received: `${outcome.answers.length} answers${outcome.timedOut ? ', then nothing until the timeout' : ''}`,
          exchange: outcome.exchanges[outcome.answers.length],
          basis: specChooses.framingDutyOfTheServer,
        })
    },
  }),
)

/**
 * `Connection: close` ends the connection (RFC 9112 section 9.6): the valid request of a safe operation with
 * `Connection: close`, and another written right after it on the same connection; the server answers the first and
 * closes, and processes nothing more ("The server MUST NOT process any further requests received on that connection"):
 * the further request unanswered, or refused with a 4xx (the mock's server answers it 400).
 */
export const connectionCloseScenarios: Array<Scenario> = safeOperations.map(
  (operation: OperationSpec): Scenario => ({
    check: 'connection_close',
    title: `${operation.operationId} with Connection: close is answered, then the connection closes`,
    operationId: operation.operationId,
    basis: standardSays.connectionClose,
    writes: false,
    async run(context) {
      const request = validRequest(operation, context.data)
      if (!request) return context.skip('No request of this operation can be built.')
      const next = { operationId: operation.operationId, options: { ...request, alsoAccepted: clientErrors } }
      const written = await context.client.call(operation.operationId, {
        ...request,
        alsoAccepted: clientErrors,
        wire: { close: true, pipelined: [next], closeWaitMs: 2_000 },
      })
      const outcome = wireOutcomeOf(written)
      if (!outcome || outcome.answers.length === 0) return
      judgeFraming(context, outcome)
      // A further request refused (the mock's node server answers it 400 as a request it will not read) is not one
      // processed; any other answer says the server acted on it.
      const further = outcome.answers[1]?.status
      context.assert(further === undefined || (further >= 400 && further < 500), {
        message: 'a request written after one with Connection: close on the same connection was processed',
        expected: 'one answer, then the connection closed',
        received: outcome.answers.map((answer) => answer.status).join(', '),
        exchange: outcome.exchanges[1],
      })
      context.assert(outcome.closed, {
        message: `the connection stayed open after the answer to a request with Connection: close`,
        expected: 'the connection closed after the answer',
        received: `still open after ${outcome.durationMs} ms`,
        exchange: written,
      })
    },
  }),
)
