import type { OperationId } from '../../spec/types.ts'
import type { ContractCaller } from './contract-caller.ts'
import type { Basis, Exchange } from './exchange.ts'
import type { SuiteData } from './suite-data.ts'

export interface AssertDetail {
  message: string
  expected?: string
  received?: string
  exchange?: Exchange
  /** Another check name than the scenario's own. */
  check?: string
  /** What this finding rests on, when not the scenario's own basis (a deviation cites the spec's choice). */
  basis?: Basis
}

export interface ScenarioContext {
  client: ContractCaller
  data: SuiteData
  /** Records a promise of the interface; a broken one is a violation. Returns whether it held. */
  assert(holds: boolean, detail: AssertDetail): boolean
  /**
   * Records a deviation: the target differs from a choice our spec makes where the interface is silent
   * (cite it in `detail.basis`). A warning, a failure only under `--strict`.
   */
  observe(detail: AssertDetail): void
  /** Ends the scenario as skipped, with the reason in the report. */
  skip(reason: string): never
}

/** One promise of the interface exercised against a target. */
export interface Scenario {
  /** The promise it checks, shared by its variants: the row of the report matrix. */
  check: string
  /** What a reader sees: `listPets answers 401 to a missing Authorization header`. */
  title: string
  operationId: OperationId
  /** What the promise rests on: the interface's sentence, quoted. Deviations cite the spec's choice. */
  basis: Basis
  /** Sends a method other than GET/HEAD: skipped in read-only runs. */
  writes: boolean
  run(context: ScenarioContext): Promise<void>
}

/** Thrown by `skip()`; caught by the runner. */
export class ScenarioSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'ScenarioSkipped'
  }
}
