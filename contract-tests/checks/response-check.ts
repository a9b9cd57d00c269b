import type { OperationSpec } from '../../spec/operations.ts'
import { specChooses } from '../shared/citations.ts'
import { detachedSlice } from '../shared/detached-text.ts'
import type { Basis, CheckResult, Exchange, ExchangeResponse } from '../shared/exchange.ts'

/** A verdict; `basis` where a deviation rests on another sentence than the check's own. */
type CheckVerdict = Omit<CheckResult, 'check' | 'level'>

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
export const warning = (message: string, expected?: string, received?: string, basis?: Basis): CheckVerdict => ({
  outcome: 'warning',
  message,
  expected,
  received,
  ...(basis && { basis }),
})

/**
 * Whether a request used the operation's own method (or HEAD where the operation is a GET): what the spec's
 * statuses and schemas describe. Any other method asks for an operation the interface does not show.
 * @example ownMethod('HEAD', operations.listPets) // true
 */
export function ownMethod(method: string, contract: OperationSpec): boolean {
  return method === contract.method || (method === 'HEAD' && contract.method === 'GET')
}

/**
 * Whether an answer is one the interface lists: to a request the interface describes (the operation's own method,
 * its path parameters values of their types, the path in its own form) with a status of its Responses table
 * (`promisedStatuses`: documented, and not only our spec's choice). What the interface says of bodies ("All error
 * bodies use the Error object", "bodies are `application/json`") binds these; of any other error response it
 * says "error responses other than those listed: not shown", so there a body of another shape is a deviation.
 * @example interfaceLists(exchange, operations.listPets) // true for a 401 to GET /pets, false for a 422
 */
export function interfaceLists(
  { request, response, offInterface }: Exchange & { response: ExchangeResponse },
  contract: OperationSpec,
): boolean {
  if (offInterface || !ownMethod(request.method, contract)) return false
  const exact = String(response.status)
  return contract.promisedStatuses.some((key) => key === exact || key === `${exact[0]}XX`)
}

/**
 * A deviation of an error response the interface does not list (see `interfaceLists`): our spec answers every
 * error with an `Error` in `application/json`, the interface only those it lists.
 * @example unlistedError('The 405 body is not an Error object.', '{ code, message, status }', '<html>…')
 */
export const unlistedError = (message: string, expected?: string, received?: string): CheckVerdict =>
  warning(
    `${message} (an error response the interface does not list)`,
    expected,
    received,
    specChooses.errorBodyEverywhere,
  )

/**
 * A HEAD refused as a method the server does not support (405, or 501 for one it does not implement): RFC 9110
 * section 9.1's "All general-purpose servers MUST support the methods GET and HEAD" binds a general-purpose
 * server, and the interface lists no HEAD, so this is judged by `head_like_get` as a deviation, not by the
 * registry as an answer of the GET operation.
 * @example headRefused('HEAD', 405) // true
 */
export function headRefused(method: string, status: number): boolean {
  return method === 'HEAD' && (status === 405 || status === 501)
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
