import { clientErrors } from '../scenarios/expect-refusal.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { interfacePaths, requestOnPath } from './interface-paths.ts'

/** The forms of OPTIONS a client sends: plain, with and without the key, and a browser's CORS preflight. */
const forms: ReadonlyArray<{ what: string; options: CallOptions }> = [
  { what: 'with the key', options: {} },
  { what: 'without a key', options: { authorization: null } },
  // RFC 9110 section 9.3.7: the Pet Store is the final recipient, whatever Max-Forwards says.
  { what: 'with the key and Max-Forwards: 0', options: { headers: { 'max-forwards': '0' } } },
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

const optionsDescribe: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock answers OPTIONS with the methods of the path in Allow. RFC 9110 section 9.3.7: "A server generating a ' +
    'successful response to OPTIONS SHOULD send any header that might indicate optional features implemented by the ' +
    'server and applicable to the target resource (e.g., Allow)"; the final recipient answers whatever ' +
    'Max-Forwards says.',
}

/** What a successful OPTIONS with the key lacks of what section 9.3.7 asks (Allow naming the path's methods). */
function undescribed(exchange: Exchange, methods: ReadonlyArray<string>): string | undefined {
  const status = exchange.response?.status ?? 0
  if (status < 200 || status >= 300) return undefined
  const allow = exchange.response?.headers.allow
  if (allow === undefined) return 'no Allow'
  const listed = allow.split(',').map((method) => method.trim().toUpperCase())
  const missing = methods.filter((method) => !listed.includes(method))
  return missing.length > 0 ? `Allow: ${allow}, without ${missing.join(', ')}` : undefined
}

/**
 * OPTIONS on every path (RFC 9110 section 9.3.7): whatever the server makes of it (a 2xx with or without
 * `Allow`, a 401, a 404 or 405), it answers: never a 5xx, and a refusal is an `Error`. A 2xx with the key that does
 * not name the path's methods in Allow is a deviation (a SHOULD), as is another answer with Max-Forwards: 0 than
 * without it. The registry's checks judge each answer.
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
      const answers: Array<Exchange> = []
      for (const { what, options } of forms) {
        const exchange = await context.client.call(request.operationId, {
          ...request,
          ...options,
          alsoAccepted: clientErrors,
        })
        answers.push(exchange)
        const status = exchange.response?.status ?? 0
        context.assert(status < 500, {
          message: `OPTIONS ${path.path} ${what} answers ${statusOf(exchange)}`,
          expected: 'a 2xx, or a 4xx Error',
          received: statusOf(exchange),
          exchange,
          basis: interfaceSays.errorsListed,
        })
      }
      const [keyed, , forwarded] = answers
      const lacks =
        keyed &&
        undescribed(
          keyed,
          path.operations.map((operation) => operation.method),
        )
      if (keyed && lacks)
        context.observe({
          message: `OPTIONS ${path.path} with the key answers ${statusOf(keyed)} with ${lacks}`,
          expected: `Allow naming ${path.operations.map((operation) => operation.method).join(', ')}`,
          received: keyed.response?.headers.allow ?? '(no Allow)',
          exchange: keyed,
          basis: optionsDescribe,
        })
      if (keyed && forwarded && forwarded.response?.status !== keyed.response?.status)
        context.observe({
          message:
            `OPTIONS ${path.path} with Max-Forwards: 0 answers ${statusOf(forwarded)}, ` +
            `without it ${statusOf(keyed)}`,
          expected: statusOf(keyed),
          received: statusOf(forwarded),
          exchange: forwarded,
          basis: optionsDescribe,
        })
    },
  }),
)
