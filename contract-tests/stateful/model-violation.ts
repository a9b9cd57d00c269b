import type { Exchange } from '../model/exchange.ts'

/** Thrown by a stateful command when the target broke a promise: fast-check shrinks the sequence that led here. */
export class ModelViolation extends Error {
  constructor(
    message: string,
    readonly exchange?: Exchange,
    readonly expected?: string,
    readonly received?: string,
  ) {
    super(message)
    this.name = 'ModelViolation'
  }
}
