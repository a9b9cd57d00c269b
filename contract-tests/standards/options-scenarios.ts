import { clientErrors } from '../scenarios/expect-refusal.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { interfacePaths, requestOnPath } from './interface-paths.ts'

/** The forms of OPTIONS a client sends: plain, with and without the key, and a browser's CORS preflight. */
const forms: ReadonlyArray<{ what: string; options: CallOptions }> = [
  { what: 'with the key', options: {} },
  { what: 'without a key', options: { authorization: null } },
  {
    what: "as a browser's CORS preflight (no key)",
    options: {
      authorization: null,
      headers: {
        origin: 'http://app.example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    },
  },
]

/**
 * OPTIONS on every path (RFC 9110 section 9.3.7): whatever the server makes of it (a 2xx with or without
 * `Allow`, a 401, a 404 or 405), it answers: never a 5xx, and a refusal is an `Error`. The registry's checks
 * judge each answer; a successful one may describe the resource in any form.
 */
export const optionsScenarios: Array<Scenario> = interfacePaths.map(
  (path): Scenario => ({
    check: 'options_answered',
    title: `OPTIONS ${path.path} is answered, with a 2xx or a 4xx Error, never a 5xx`,
    operationId: (path.operations[0] ?? { operationId: 'listPets' }).operationId,
    basis: interfaceSays.errorBody,
    writes: false,
    async run(context) {
      // The read-only transport sends GET and HEAD alone: OPTIONS waits for a run that may send more.
      if (context.client.readOnly) return context.skip('A read-only run sends GET and HEAD only.')
      const request = await requestOnPath(path, 'OPTIONS', context)
      if (!request) return context.skip('No request to this path can be built.')
      for (const { what, options } of forms) {
        const exchange = await context.client.call(request.operationId, {
          ...request,
          ...options,
          alsoAccepted: clientErrors,
        })
        const status = exchange.response?.status ?? 0
        context.assert(status < 500, {
          message: `OPTIONS ${path.path} ${what} answers ${statusOf(exchange)}`,
          expected: 'a 2xx, or a 4xx Error',
          received: statusOf(exchange),
          exchange,
          basis: interfaceSays.errorsListed,
        })
      }
    },
  }),
)
