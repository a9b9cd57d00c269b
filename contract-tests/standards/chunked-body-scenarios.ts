import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { bodyOperations } from './body-operations.ts'

type Body = Record<string, unknown>

/**
 * The same valid body framed both ways HTTP/1.1 has (RFC 9112 section 6): with `Content-Length`, and as a
 * chunked stream of unknown length. A server takes both alike: the same success, the same fields echoed. A 411
 * (Length Required) to the chunked one is a deviation: "A server MAY reject a request that contains a message
 * body but not a Content-Length by responding with 411 (Length Required)." (section 6.3).
 */
export const chunkedBodyScenarios: Array<Scenario> = bodyOperations.map(
  ({ operation, stringFields }): Scenario => ({
    check: 'chunked_body',
    title: `${operation.operationId} takes a valid body sent chunked as it takes one with Content-Length`,
    operationId: operation.operationId,
    basis: standardSays.chunked,
    writes: true,
    async run(context) {
      const request = await sendableRequest(operation, context)
      if (!request) return context.skip(notCreated)
      for (const chunked of [false, true]) {
        const tagged = Object.fromEntries(stringFields.map((field) => [field, `${context.data.runTag}-chunked`]))
        const sent: Body = { ...(request.json as Body), ...tagged }
        const exchange = await context.client.call(operation.operationId, {
          ...request,
          json: sent,
          chunked,
          alsoAccepted: clientErrors,
        })
        const framing = chunked ? 'chunked (Transfer-Encoding: chunked)' : 'with Content-Length'
        const status = exchange.response?.status ?? 0
        if (chunked && status === 411) {
          context.observe({
            message: `a valid ${operation.operationId} body sent ${framing} is refused with 411 (Length Required)`,
            expected: 'its documented 2xx',
            received: statusOf(exchange),
            exchange,
            basis: specChooses.chunkedTaken,
          })
          continue
        }
        if (
          !context.assert(status >= 200 && status < 300 && operation.documents(status), {
            message: `a valid ${operation.operationId} body sent ${framing} got ${statusOf(exchange)}`,
            expected: 'its documented 2xx',
            received: `${statusOf(exchange)} ${exchange.response?.bodyText.slice(0, 120) ?? ''}`,
            exchange,
          })
        )
          continue
        const answer = (exchange.response?.json ?? {}) as Body
        const changed = Object.keys(sent).find(
          (field) => field in answer && stringifyJson(answer[field]) !== stringifyJson(sent[field]),
        )
        context.assert(changed === undefined, {
          message: `a valid ${operation.operationId} body sent ${framing} comes back with "${changed}" changed`,
          expected: stringifyJson(sent),
          received: exchange.response?.bodyText.slice(0, 200),
          exchange,
        })
      }
    },
  }),
)
