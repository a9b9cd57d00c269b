import { operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { acted, judgeForm } from './wire-form-verdicts.ts'

/** The head with its method written in lower case: `get /v1/pets HTTP/1.1`. */
const lowerMethod = (head: string): string => head.replace(/^[^ ]+/, (method) => method.toLowerCase())

/**
 * The method is case-sensitive (RFC 9112 section 3.1: "The request method is case-sensitive."): the valid request of
 * every described operation with its method in lower case (`get`, `post`), with the key and without it. Without the
 * key a 2xx serves the operation to a request the interface says needs one: a violation (a key filter that guards
 * methods by name, behind a router that does not). With the key, a 2xx answers an unknown method as the operation:
 * a deviation (RFC 9110 section 9.1 asks 501 of an unrecognized method with a SHOULD; Werkzeug and Django upper-case
 * the method). A refusal, or none, passes.
 */
export const methodCaseScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'method_case',
      title: `${operation.operationId} in lower case is another method: never served without the key`,
      operationId: operation.operationId,
      basis: standardSays.methodCase,
      writes: !operation.safe,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const method = operation.method.toLowerCase()
        const wire = { rewrite: lowerMethod }
        const unkeyed = await context.client.call(operation.operationId, {
          ...request,
          authorization: null,
          alsoAccepted: clientErrors,
          wire,
        })
        judgeForm(context, unkeyed, {
          what: `${operation.operationId} as "${method}" without the key`,
          expected: 'a refusal (400, 401, 405, 501), never the operation served',
          verdict: (status) => (acted(status) ? 'violation' : 'pass'),
          basis: standardSays.methodCase,
        })
        const keyed = await context.client.call(operation.operationId, { ...request, alsoAccepted: clientErrors, wire })
        judgeForm(context, keyed, {
          what: `${operation.operationId} as "${method}" with the key`,
          expected: `a refusal (501, 405 or 400): "${method}" is not ${operation.method}`,
          verdict: (status) => (acted(status) ? 'deviation' : 'pass'),
          basis: standardSays.methodCase,
          choice: specChooses.unknownMethodRefused,
        })
      },
    }),
  )
