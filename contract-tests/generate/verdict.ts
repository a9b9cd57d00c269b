import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { Judgement } from './explore-property.ts'

/** The HTTP status an exchange got, 0 when none came. */
export const responseStatus = (exchange: Exchange): number => exchange.response?.status ?? 0

/** A 4xx: the target refused the request as the client's mistake. */
export const isClientError = (exchange: Exchange): boolean =>
  responseStatus(exchange) >= 400 && responseStatus(exchange) < 500

/**
 * A judgement of one exchange, with what came back (status and the start of the body), and, where the rule it
 * applies is not the check's own, the sentence that rule rests on.
 * @example verdict(exchange, status === 201, 'a valid body got 400', '201')
 */
export function verdict(exchange: Exchange, ok: boolean, message: string, expected: string, basis?: Basis): Judgement {
  return {
    ok,
    ...(basis && { basis }),
    message,
    expected,
    received: `${statusOf(exchange)} ${exchange.response?.bodyText.slice(0, 200) ?? ''}`.trim(),
    exchange,
  }
}
