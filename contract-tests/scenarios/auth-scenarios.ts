import type { OperationId } from '../../spec/types.ts'
import type { CallOptions } from '../model/contract-caller.ts'
import type { Scenario, ScenarioContext } from '../model/scenario.ts'
import { expectStatus } from './expect-status.ts'

/** Authorization headers that must all be refused with 401. The key never appears in these values. */
const refusals: ReadonlyArray<{ title: string; authorization: (key: string) => string | null }> = [
  { title: 'no Authorization header', authorization: () => null },
  { title: 'an unknown key', authorization: () => 'Bearer contract-suite-unknown-key-0000' },
  { title: 'another scheme (Basic)', authorization: (key) => `Basic ${key}` },
  { title: 'the bare key without a scheme', authorization: (key) => key },
  { title: 'an empty bearer token', authorization: () => 'Bearer ' },
]

/** A request each operation accepts but for the key, so that only authentication can refuse it. */
function validRequest(operationId: OperationId, context: ScenarioContext): CallOptions {
  switch (operationId) {
    case 'createPet':
      return { json: { name: `${context.data.runTag}-auth`, categoryId: 1 } }
    case 'getPet':
      return { params: { petId: context.data.listed[0]?.id ?? 1 } }
    case 'sendMessage':
      return { json: { message: 'contract suite' } }
    default:
      return {}
  }
}

const operations: ReadonlyArray<OperationId> = ['listPets', 'createPet', 'getPet', 'sendMessage']

export const authScenarios: Array<Scenario> = [
  ...operations.flatMap((operationId) =>
    refusals.map(
      ({ title, authorization }): Scenario => ({
        check: 'auth_required',
        title: `${operationId} answers 401 with an Error to ${title}`,
        operationId,
        writes: operationId === 'createPet' || operationId === 'sendMessage',
        async run(context) {
          const exchange = await context.client.call(operationId, {
            ...validRequest(operationId, context),
            authorization,
          })
          expectStatus(context, exchange, 401, `${title} is refused`)
        },
      }),
    ),
  ),
  {
    check: 'lowercase_bearer',
    title: 'listPets with a lower-case "bearer" scheme (either answer is allowed)',
    operationId: 'listPets',
    writes: false,
    async run(context) {
      const exchange = await context.client.call('listPets', {
        authorization: (key) => `bearer ${key}`,
        query: 'limit=1',
        alsoAccepted: [401],
      })
      const status = exchange.response?.status
      // RFC 9110 makes the scheme case-insensitive, but the interface does not say: a refusal is only worth a note.
      if (status === 200) context.assert(true, { message: 'A lower-case "bearer" scheme is accepted.' })
      else context.observe({ message: `A lower-case "bearer" scheme is refused (${status}).`, exchange })
    },
  },
]
