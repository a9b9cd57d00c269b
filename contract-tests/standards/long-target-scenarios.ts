import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { TransportFailure } from '../client/transport-failure.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { semanticsSays } from '../shared/semantics-citations.ts'

const reads = operationList.filter((operation) => operation.described && operation.safe)

/** Eight thousand octets: what RFC 9110 section 4.1 recommends every recipient support in a URI. */
const octets = 8_000

/**
 * A target URI longer than a server will interpret (RFC 9110 section 15.5.15) may be refused with 414 (or another
 * 4xx: a path parameter of 8,000 digits is no int64, a query parameter the interface does not name may be refused),
 * or served; never with a 5xx, which says the server erred (section 15.6). A connection dropped without an answer
 * is a deviation: section 4.1 recommends (a SHOULD) support for 8,000 octets.
 */
async function longTarget(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const named = Object.keys(request.params ?? {})
  const forms: Array<[string, CallOptions]> = [
    [
      `a query of ${octets} octets`,
      { ...request, query: [request.query, `pad=${'a'.repeat(octets)}`].filter(Boolean).join('&') },
    ],
    ...named.map((name): [string, CallOptions] => [
      `a ${name} of ${octets} digits`,
      { ...request, params: { ...request.params, [name]: '7'.repeat(octets) } },
    ]),
  ]
  for (const [what, options] of forms) {
    const sink: Array<Exchange> = []
    const exchange = await context.client
      .call(operation.operationId, { ...options, sink, alsoAccepted: [...clientErrors, 414] })
      .catch((error: unknown) => {
        // A connection dropped for the length: the exchange kept in the sink says so.
        if (!(error instanceof TransportFailure) || !sink[0]) throw error
        return sink[0]
      })
    for (const kept of sink) context.client.keep(kept)
    const status = exchange.response?.status
    if (status === undefined) {
      context.observe({
        message: `${operation.operationId} with ${what}: no answer (${statusOf(exchange)})`,
        expected: 'an answer: 414, another 4xx, or the success',
        received: statusOf(exchange),
        exchange,
        basis: semanticsSays.longTarget,
      })
      continue
    }
    context.assert(status < 500, {
      message: `${operation.operationId} with ${what} got ${statusOf(exchange)}`,
      expected: '414, another 4xx, or the success',
      received: statusOf(exchange),
      exchange,
    })
  }
}

/** For every read: a target of 8,000 octets, in its query and in each path parameter. */
export const longTargetScenarios: ReadonlyArray<Scenario> = reads.map(
  (operation): Scenario => ({
    check: 'long_target',
    title: `${operation.operationId} with a target of ${octets} octets: 414, a 4xx or the answer, never a 5xx`,
    operationId: operation.operationId,
    basis: semanticsSays.longTarget,
    writes: false,
    run: (context) => longTarget(context, operation),
  }),
)
