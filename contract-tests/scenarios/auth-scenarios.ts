import { operationList } from '../../spec/operations.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { expectStatus } from './expect-status.ts'
import { notCreated, sendableRequest } from './valid-request.ts'

/** Authorization headers that must all be refused with 401. The key never appears in these values. */
const refusals: ReadonlyArray<{ title: string; authorization: (key: string) => string | null }> = [
  { title: 'no Authorization header', authorization: () => null },
  { title: 'an unknown key', authorization: () => 'Bearer contract-suite-unknown-key-0000' },
  { title: 'another scheme (Basic)', authorization: (key) => `Basic ${key}` },
  { title: 'the bare key without a scheme', authorization: (key) => key },
  { title: 'an empty bearer token', authorization: () => 'Bearer ' },
]

// Every operation the interface describes: a new one in the spec joins the matrix with no edit here.
const described = operationList.filter((operation) => operation.described)

export const authScenarios: Array<Scenario> = [
  ...described.flatMap((operation) =>
    refusals.map(
      ({ title, authorization }): Scenario => ({
        check: 'auth_required',
        title: `${operation.operationId} answers 401 with an Error to ${title}`,
        operationId: operation.operationId,
        basis: interfaceSays.authentication,
        writes: !operation.safe,
        withoutKey: true,
        async run(context) {
          const request = await sendableRequest(operation, context)
          if (!request) return context.skip(notCreated)
          const exchange = await context.client.call(operation.operationId, { ...request, authorization })
          expectStatus(context, exchange, 401, `${title} is refused`)
        },
      }),
    ),
  ),
  // lowercase_bearer: folded into auth_scheme_forms; its alias runs in the request freedoms group.
]
