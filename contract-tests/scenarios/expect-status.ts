import type { Exchange } from '../shared/exchange.ts'
import { statusOf } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'

/**
 * Asserts the status of an exchange; `'4xx'` accepts any client error.
 * @example expectStatus(context, exchange, 401, 'a missing key is refused')
 */
export function expectStatus(
  context: ScenarioContext,
  exchange: Exchange,
  expected: number | '4xx' | '2xx',
  message: string,
): boolean {
  const status = exchange.response?.status ?? 0
  const holds =
    expected === '4xx'
      ? status >= 400 && status < 500
      : expected === '2xx'
        ? status >= 200 && status < 300
        : status === expected
  return context.assert(holds, {
    message: holds ? message : `${message}: got ${statusOf(exchange)}`,
    expected: String(expected),
    received: statusOf(exchange),
    exchange,
  })
}
