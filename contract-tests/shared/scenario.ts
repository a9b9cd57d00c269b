import type { OperationId } from '../../spec/types.ts'
import type { ContractCaller } from './contract-caller.ts'
import type { Basis, Exchange } from './exchange.ts'
import type { SuiteData } from './suite-data.ts'

/**
 * What an assertion or observation records. One that names another check than the scenario's own applies another
 * rule, so it must name the sentence that rule rests on: the compiler asks for `basis` beside `check`.
 */
export type AssertDetail = {
  message: string
  expected?: string
  received?: string
  exchange?: Exchange
} & (
  | {
      check?: undefined
      /** What this finding rests on, when not the scenario's own basis (a deviation cites the spec's choice). */
      basis?: Basis
    }
  | {
      /** Another check name than the scenario's own. */
      check: string
      basis: Basis
    }
)

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
  /** Records that the time budget (`--time-budget-s`) ended exploring before every example was tried. */
  budgetReached(): void
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
  /**
   * A check of the exploring phases (generated, stateful): it judges nothing by counts, so it runs beside
   * writing checks; the named scenarios that count pets never share the target with a writer.
   */
  explores?: boolean
  /**
   * Observes the store with no other check of the run writing meanwhile (a page exactly at its matches, a page that
   * holds every match): run in a wave of its own, after the named readers and before the named writers and the
   * exploring checks, so the run's own writes never decide it.
   */
  alone?: boolean
  /**
   * Judges only requests that carry no valid key (none, another scheme, an almost-right key): still run, and still
   * judged, when the deployment refused the run's key on every request (decision record 035), since a server must
   * refuse those whatever keys it holds.
   */
  withoutKey?: boolean
  run(context: ScenarioContext): Promise<void>
}

/** Thrown by `skip()`; caught by the runner. */
export class ScenarioSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'ScenarioSkipped'
  }
}
