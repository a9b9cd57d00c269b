import { operationList } from '../../spec/operations.ts'
import { responseChecks } from '../checks/registry.ts'
import type { RunResult } from '../shared/run-result.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'

export type CellOutcome = 'passed' | 'failed' | 'warning' | 'skipped' | 'error'

export type MatrixCell = Record<CellOutcome, number>

export interface MatrixRow {
  check: string
  /** The registry's one line, for a registry check. */
  description?: string
  /** What a count counts: responses a registry check judged, or scenarios that carried a check. */
  counts: 'responses' | 'scenarios'
  cells: Map<string, MatrixCell>
}

interface CheckMatrix {
  operations: Array<string>
  rows: Array<MatrixRow>
}

const emptyCell = (): MatrixCell => ({ passed: 0, failed: 0, warning: 0, skipped: 0, error: 0 })

// A scenario judged under one check name: by its assertions of that name alone, so that a row says
// what that promise did; a registry check that failed on the same response shows in its own row.
function outcomeUnder(check: string, scenario: ScenarioResult): CellOutcome {
  if (check === scenario.check && (scenario.outcome === 'skipped' || scenario.outcome === 'error'))
    return scenario.outcome
  const outcomes = scenario.assertions
    .filter((assertion) => assertion.check === check)
    .map((assertion) => assertion.outcome)
  if (outcomes.includes('failed')) return 'failed'
  if (outcomes.includes('warning')) return 'warning'
  return 'passed'
}

/**
 * Checks by operation: a row per registry check (each response it judged counts once), then a row
 * per scenario check and per other check an assertion carried (each scenario counts once), and a
 * column per operation the run met, in spec order. The setup counts only
 * in the registry rows: it makes no promise of its own.
 * @example checkMatrix(result).rows[0].cells.get('listPets') // { passed: 40, failed: 0, … }
 */
export function checkMatrix(result: RunResult): CheckMatrix {
  const rows = new Map<string, MatrixRow>(
    responseChecks.map(({ name, description }) => [
      name,
      { check: name, description, counts: 'responses', cells: new Map() },
    ]),
  )
  const operations = new Set<string>()
  const count = (check: string, counts: MatrixRow['counts'], operation: string, outcome: CellOutcome): void => {
    operations.add(operation)
    const row = rows.get(check) ?? { check, counts, cells: new Map<string, MatrixCell>() }
    rows.set(check, row)
    const cell = row.cells.get(operation) ?? emptyCell()
    row.cells.set(operation, cell)
    cell[outcome] += 1
  }
  for (const scenario of [result.setup, ...result.scenarios]) {
    for (const exchange of scenario.exchanges) {
      for (const check of exchange.results) count(check.check, 'responses', exchange.operationId, check.outcome)
    }
  }
  for (const scenario of result.scenarios) {
    const names = new Set([scenario.check, ...scenario.assertions.map((assertion) => assertion.check)])
    for (const name of names) count(name, 'scenarios', scenario.operationId, outcomeUnder(name, scenario))
  }
  // Spec order, then any operation the spec does not name; one no scenario reached has no column.
  const specOrder = operationList.map((route) => route.operationId as string)
  const ordered = [
    ...specOrder.filter((operation) => operations.has(operation)),
    ...[...operations].filter((operation) => !specOrder.includes(operation)),
  ]
  return { operations: ordered, rows: [...rows.values()] }
}
