import type { OperationSpec } from '../../spec/operations.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import { responseChecks } from './registry.ts'

/**
 * Judges an answered exchange by every response check of the registry, adding each verdict to its results (a
 * failure as a violation, a warning as a deviation, each with its basis): what the contract client does to every
 * answer it reads, and the proxy to every answer it forwards.
 * @example applyResponseChecks(exchange, operations.getPet)
 */
export function applyResponseChecks(
  exchange: Exchange & { response: ExchangeResponse },
  contract: OperationSpec,
): void {
  for (const check of responseChecks) {
    const verdict = check.run(exchange, contract)
    if (!verdict) continue
    const finding = verdict.outcome !== 'passed' && {
      level: verdict.outcome === 'failed' ? ('violation' as const) : ('deviation' as const),
      basis: verdict.basis ?? check.basis,
    }
    exchange.results.push({ check: check.name, ...verdict, ...finding })
  }
}
