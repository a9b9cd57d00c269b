import { operations } from '../../spec/operations.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import type { ResponseCheck } from './response-check.ts'

/**
 * Runs a response check on a listPets answer of `status` with exactly `headers` (a `[]` body), to a request
 * with `method` and `requestHeaders`.
 * @example judgeHeaders(responseFieldGrammar, 200, { etag: 'abc' })?.outcome // 'failed'
 */
export function judgeHeaders(
  check: ResponseCheck,
  status: number,
  headers: Record<string, string>,
  method = 'GET',
  requestHeaders: Record<string, string> = {},
) {
  const response: ExchangeResponse = {
    status,
    headers,
    bodyText: '[]',
    jsonParsed: true,
    truncated: false,
    durationMs: 1,
  }
  const exchange: Exchange & { response: ExchangeResponse } = {
    operationId: 'listPets',
    request: { method, url: 'http://t/v1/pets', headers: requestHeaders },
    response,
    results: [],
  }
  return check.run(exchange, operations.listPets)
}
