import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeFraming } from './wire-answers.ts'

const safeOperations = operationList.filter((operation) => operation.described && operation.safe)

/** The requests after the keyed one on the same connection, each without a valid key. */
const unkeyed: ReadonlyArray<[string, CallOptions['authorization']]> = [
  ['without a key', null],
  ['with an unknown key', (key) => `Bearer ${key}-unknown`],
]

/**
 * A connection never stands in for the key (RFC 9110 section 3.3: "HTTP is defined as a stateless protocol, meaning
 * that each request message's semantics can be understood in isolation"; the interface: "Every operation requires a
 * bearer credential"): the valid request of a safe operation with the key, then the same request without a key and
 * with an unknown one, written on the same connection: each of the two gets 401. A server that authenticates a
 * connection once (a flag on the socket, a session keyed by the client's port) answers them. One that closes the
 * connection after the first answer judges nothing here, and says so.
 */
async function connectionCarriesNoCredential(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const { operationId } = operation
  const pipelined = unkeyed.map(([, authorization]) => ({
    operationId,
    options: { ...request, authorization, alsoAccepted: clientErrors },
  }))
  const first = await context.client.call(operationId, { ...request, wire: { pipelined } })
  const outcome = wireOutcomeOf(first)
  if (!outcome) return
  judgeFraming(context, outcome)
  if (outcome.answers.length < 2)
    return void context.assert(true, {
      message: `${operationId}: the connection ended after ${outcome.answers.length} answer(s), nothing to judge`,
    })
  unkeyed.forEach(([what], index) => {
    const exchange = outcome.exchanges[index + 1]
    if (!exchange?.response) return
    context.assert(exchange.response.status === 401, {
      message: `${operationId} ${what}, on the connection a keyed request used, got ${statusOf(exchange)}`,
      expected: '401, as on a connection of its own',
      received: statusOf(exchange),
      exchange,
    })
  })
}

/** For every safe operation: a request without a valid key after a keyed one on the same connection gets 401. */
export const connectionCredentialScenarios: Array<Scenario> = safeOperations.map(
  (operation): Scenario => ({
    check: 'connection_carries_no_credential',
    title: `${operation.operationId} without a valid key on a connection a keyed request used: 401`,
    operationId: operation.operationId,
    basis: standardSays.stateless,
    writes: false,
    run: (context) => connectionCarriesNoCredential(context, operation),
  }),
)
