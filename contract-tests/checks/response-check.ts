import type { OperationSpec } from '../../spec/operations.ts'
import { detachedSlice } from '../shared/detached-text.ts'
import type { Basis, CheckResult, Exchange, ExchangeResponse } from '../shared/exchange.ts'

type CheckVerdict = Omit<CheckResult, 'check' | 'level' | 'basis'>

/**
 * A check applied by the client to every response, whatever the scenario and the target.
 * Returns undefined where it does not apply.
 */
export interface ResponseCheck {
  name: string
  /** One line: what it promises. */
  description: string
  /** What it rests on: a `failed` verdict is a violation of this sentence, a `warning` a deviation from this choice. */
  basis: Basis
  run(exchange: Exchange & { response: ExchangeResponse }, contract: OperationSpec): CheckVerdict | undefined
}

export const passed = (message: string): CheckVerdict => ({ outcome: 'passed', message })
export const failed = (message: string, expected?: string, received?: string): CheckVerdict => ({
  outcome: 'failed',
  message,
  expected,
  received,
})
export const warning = (message: string, expected?: string, received?: string): CheckVerdict => ({
  outcome: 'warning',
  message,
  expected,
  received,
})

/**
 * Whether a request used the operation's own method (or HEAD where the operation is a GET): what the spec's
 * statuses and schemas describe. Any other method asks for an operation the interface does not show.
 * @example ownMethod('HEAD', operations.listPets) // true
 */
export function ownMethod(method: string, contract: OperationSpec): boolean {
  return method === contract.method || (method === 'HEAD' && contract.method === 'GET')
}

/** A short, single-line excerpt of a body for a report. */
export function excerpt(text: string, length = 200): string {
  // Read only the start of a long body, and keep a copy: a slice would hold the whole body alive.
  const line = text
    .slice(0, 4 * length + 1)
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > length ? `${detachedSlice(line, 0, length)}…` : detachedSlice(line)
}
