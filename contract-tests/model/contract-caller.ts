import type { OperationId } from '../../spec/types.ts'
import type { Exchange } from './exchange.ts'

export interface CallOptions {
  /** Path parameters, inserted as given (already encoded). */
  params?: Record<string, string | number>
  /** Raw query string without `?`, so malformed queries can be sent. */
  query?: string
  json?: unknown
  /** A raw body, for bodies that are not JSON. */
  body?: string
  contentType?: string
  /** The Authorization header, or a function of the key that gives it; `null` sends none; default `Bearer <key>`. */
  authorization?: string | null | ((apiKey: string) => string | null)
  /** HTTP method when not the operation's own (HEAD). */
  method?: string
  /** Statuses accepted beyond those the spec documents. */
  alsoAccepted?: ReadonlyArray<number>
}

/**
 * What a scenario (or a generated phase) may do with the target: send a request for an operation of the
 * spec and get the exchange back, every registry check already applied. `ContractClient` implements it.
 * @example const exchange = await caller.call('listPets', { query: 'limit=5' })
 */
export interface ContractCaller {
  /** Whether the run refuses every method but GET and HEAD. */
  readonly readOnly: boolean
  call(operationId: OperationId, options?: CallOptions): Promise<Exchange>
}
