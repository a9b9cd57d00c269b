import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses, standardSays } from '../shared/citations.ts'
import type { WireCall } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { judgeFraming } from './wire-answers.ts'

const versions: ReadonlyArray<[string, WireCall]> = [
  ['HTTP/1.1 with Connection: close', { close: true, closeWaitMs: 2_000 }],
  ['HTTP/1.0', { version: 'HTTP/1.0', closeWaitMs: 2_000 }],
]

/**
 * How answers are framed, read on the wire to the close (RFC 9112 sections 6.1 to 6.3): the valid request of every
 * described safe operation as HTTP/1.1 with `Connection: close` and as HTTP/1.0. Each answer has one framing, a
 * Content-Length equal to the content that follows it, and no Transfer-Encoding for the HTTP/1.0 request, which a
 * 1.0 client cannot read. An HTTP/1.0 request refused (a 4xx, 505) or left unanswered is a deviation: no sentence
 * makes a server serve HTTP/1.0; a 5xx otherwise is a violation (the interface lists none). Every answer other wire
 * checks read is held to the same framing.
 */
export const responseFramingScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'response_framing',
      title: `${operation.operationId} answers HTTP/1.1 and HTTP/1.0 requests with one framing, its length exact`,
      operationId: operation.operationId,
      basis: standardSays.responseFraming,
      writes: false,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        for (const [version, wire] of versions) {
          const written = await context.client.call(operation.operationId, {
            ...request,
            alsoAccepted: clientErrors,
            wire,
          })
          const outcome = wireOutcomeOf(written)
          if (!outcome) return
          judgeFraming(context, outcome, { http10: wire.version === 'HTTP/1.0', toClose: true })
          const status = written.response?.status
          if (status === undefined || (status >= 400 && status < 500) || status === 505) {
            context.observe({
              message: `${operation.operationId} as ${version} is ${status === undefined ? 'not answered' : `refused`}`,
              expected: 'its answer as to HTTP/1.1',
              received: statusOf(written),
              exchange: written,
              basis: specChooses.wireFormRefused,
            })
            continue
          }
          context.assert(status < 500, {
            message: `${operation.operationId} as ${version} answers ${status}`,
            expected: 'its answer as to HTTP/1.1',
            received: `${status} ${written.response?.bodyText.slice(0, 120) ?? ''}`,
            exchange: written,
            basis: interfaceSays.errorsListed,
          })
        }
      },
    }),
  )
