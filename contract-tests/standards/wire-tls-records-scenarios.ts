import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'

/**
 * Why `tls_records` is skipped on an http origin: there is no TLS to judge.
 * @example noTlsReason('http://127.0.0.1:4010') // 'http://127.0.0.1:4010 is http: no TLS to judge (…).'
 */
export const noTlsReason = (origin: string): string =>
  `${origin} is http: no TLS to judge (RFC 9112 sections 9.7 and 9.8).`

/** How long to wait for the server's close once the answer has come. */
const closeWaitMs = 1_500

/**
 * HTTP over TLS is TLS application data from end to end, and the server that closes says so in TLS first (RFC 9112
 * sections 9.7 and 9.8): where the base address of a described safe operation is https, its valid request with
 * `Connection: close` over a connection of its own, whose records are read by their headers. Bytes after the
 * handshake that form no TLS record (HTTP written around TLS) are a violation; so is a close after the answer with no
 * closure alert (close_notify) before it, a server's MUST. Where the server keeps the connection open, only the
 * records are judged.
 */
export const tlsRecordsScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'tls_records',
      title: `${operation.operationId} over https: its answer is TLS data, and its close begins with close_notify`,
      operationId: operation.operationId,
      basis: standardSays.tlsRecords,
      writes: false,
      async run(context) {
        const origin = new URL(context.client.baseUrlOf(operation.operationId))
        if (origin.protocol !== 'https:') return context.skip(noTlsReason(origin.origin))
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const exchange = await context.client.call(operation.operationId, {
          ...request,
          alsoAccepted: clientErrors,
          wire: { close: true, closeWaitMs, tlsRecords: true },
        })
        const tls = wireOutcomeOf(exchange)?.tls
        if (!tls) return context.skip('No TLS connection was made (the run reports why on its other requests).')
        const what = `${operation.operationId} over ${tls.protocol}`
        context.assert(tls.foreign === undefined, {
          message: `${what}: after the handshake, the server sent bytes that are no TLS record`,
          expected: 'every byte after the handshake in TLS records (HTTP as TLS application data)',
          received: JSON.stringify(tls.foreign ?? ''),
          exchange,
        })
        if (tls.foreign !== undefined || tls.closeNotify === undefined) return
        context.assert(tls.closeNotify, {
          message: `${what}: the server closed the connection without a closure alert (close_notify)`,
          expected: 'close_notify before the server closes the connection',
          received: `the connection closed after ${tls.records} records, the last no closure alert`,
          exchange,
        })
      },
    }),
  )
