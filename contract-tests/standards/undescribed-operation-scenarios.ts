import { operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { unknownKey } from './request-freedom-forms.ts'

/** Any redirect or client error: a server that does not serve the operation may answer it in any of these. */
const notServed: ReadonlyArray<number> = [...Array.from({ length: 100 }, (_, index) => 300 + index), ...clientErrors]

/**
 * The URL of the operation's path above the version: at the base address without its last segment (`/v1`), its
 * query kept. That is the origin's root for a base `http://h/v1`, and `/api` for `http://h/api/v1`: taken from the
 * base address of the operation's API, never from its origin alone, since what lies outside that base address
 * (another application's, a proxy's) is no answer of the API.
 * @example aboveVersion('/store/orders')('http://h/api/v1/store/orders?x=1') // 'http://h/api/store/orders?x=1'
 */
export const aboveVersion = (path: string) => (url: string) => {
  const parsed = new URL(url)
  const base = parsed.pathname.endsWith(path) ? parsed.pathname.slice(0, -path.length) : parsed.pathname
  return `${parsed.origin}${base.replace(/\/[^/]*$/, '')}${path}${parsed.search}`
}

/**
 * An operation the interface refers to but does not describe (`x-not-described` in the spec: `GET /store/orders`)
 * still requires the key, as every operation does: without one and with an unknown one, at the base address and
 * above its version (`aboveVersion`), never a 2xx, and never a 5xx. A 401, a 404 or 405 (not served), another 4xx or
 * a redirect is no finding. Safe operations only: an unsafe one is not sent to a server whose authentication may be
 * broken.
 */
export const undescribedOperationScenarios: Array<Scenario> = operationList
  .filter((operation) => !operation.described && operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'undescribed_needs_key',
      title: `${operation.method} ${operation.path}, referred to but not described, is never served without the key`,
      operationId: operation.operationId,
      basis: interfaceSays.everyOperation,
      writes: false,
      async run(context) {
        const credentials: Array<[string, CallOptions]> = [
          ['without a key', { authorization: null }],
          ['with an unknown key', { authorization: `Bearer ${unknownKey}` }],
        ]
        const places: Array<[string, CallOptions]> = [
          ['at the base address', {}],
          ["above the base address's version", { rewriteUrl: aboveVersion(operation.path) }],
        ]
        for (const [where, place] of places)
          for (const [what, credential] of credentials) {
            const exchange = await context.client.call(operation.operationId, {
              params: operation.sample.params,
              ...place,
              ...credential,
              alsoAccepted: notServed,
            })
            const status = exchange.response?.status ?? 0
            context.assert(status >= 300 && status < 500, {
              message: `${operation.method} ${operation.path} ${where} ${what} answers ${statusOf(exchange)}`,
              expected: '401, or 404 or 405 (not served)',
              received: statusOf(exchange),
              exchange,
              ...(status >= 500 && { basis: interfaceSays.errorsListed }),
            })
          }
      },
    }),
  )
