import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { semanticsChoose } from '../shared/semantics-citations.ts'

const reads = operationList.filter((operation) => operation.described && operation.safe)

/** The content codings an answer names, identity aside. */
const codingsOf = (exchange: Exchange) =>
  (exchange.response?.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')

/**
 * Content codings negotiated (RFC 9110 sections 12.5.3 and 12.5.5, SHOULDs: deviations): a read with Accept-Encoding
 * that admits no coding (identity, `gzip;q=0, identity`) comes without one; one that admits gzip may come gzipped,
 * and when the two answers differ in Content-Encoding the coded one names Accept-Encoding (or *) in Vary, so that a
 * cache never hands the gzipped bytes to a client that refused them.
 */
async function contentCoding(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const read = (acceptEncoding: string) =>
    context.client.call(operation.operationId, {
      ...request,
      headers: { ...request.headers, 'accept-encoding': acceptEncoding },
    })
  const gzip = await read('gzip')
  for (const refused of ['identity', 'gzip;q=0, identity']) {
    const exchange = await read(refused)
    const codings = codingsOf(exchange)
    if (codings.length > 0)
      context.observe({
        message: `${operation.operationId} with Accept-Encoding: ${refused} comes coded ${codings.join(', ')}`,
        expected: 'no content coding',
        received: `content-encoding: ${exchange.response?.headers['content-encoding']} (${statusOf(exchange)})`,
        exchange,
        basis: semanticsChoose.contentCoding,
      })
    const differs = codingsOf(gzip).join() !== codings.join()
    const vary = (gzip.response?.headers.vary ?? '').toLowerCase()
    if (differs && !/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/.test(vary))
      context.observe({
        message: `${operation.operationId} answers gzip and ${refused} in other codings, no Vary: Accept-Encoding`,
        expected: 'Vary naming Accept-Encoding on the coded answer',
        received: `vary: ${gzip.response?.headers.vary ?? 'none'}`,
        exchange: gzip,
        basis: semanticsChoose.contentCoding,
      })
  }
}

/** For every read: the codings it answers in, as Accept-Encoding admits them. */
export const contentCodingScenarios: ReadonlyArray<Scenario> = reads.map(
  (operation): Scenario => ({
    check: 'content_coding',
    title: `${operation.operationId} codes its answer only as Accept-Encoding admits, and says so in Vary`,
    operationId: operation.operationId,
    basis: semanticsChoose.contentCoding,
    writes: false,
    run: (context) => contentCoding(context, operation),
  }),
)
