import type { OperationId } from '../../spec/types.ts'

/** One request as coverage counts it: the operation, the parameters it carried, the status it got. */
export interface CoverageHit {
  operationId: OperationId
  status: number
  parameters: ReadonlyArray<string>
}

/** What a run exercised of the spec: operations, documented statuses, parameters. */
export interface Coverage {
  operations: Array<{
    operationId: OperationId
    requests: number
    statuses: Array<{ status: string; seen: boolean }>
    parameters: Array<{ name: string; seen: boolean }>
  }>
  /** Items exercised over items there are (operations, statuses, parameters), 0..1. */
  ratio: number
  covered: number
  total: number
}
