import type { Basis, Exchange } from '../shared/exchange.ts'

/** Thrown by a stateful command when the target broke a promise: fast-check shrinks the sequence that led here. */
export class ModelViolation extends Error {
  constructor(
    message: string,
    /** The sentence of the interface the broken promise rests on. */
    readonly basis: Basis,
    readonly exchange?: Exchange,
    readonly expected?: string,
    readonly received?: string,
  ) {
    super(message)
    this.name = 'ModelViolation'
  }
}
