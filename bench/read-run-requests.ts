import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RunResult } from '../contract-tests/shared/run-result.ts'

/**
 * The requests a contract run counted, read from the `contract-report.json` it wrote into `reportDir`: every
 * answered request to an operation the interface describes, exploring probes included, as its coverage counts them
 * (neither requests that got no whole answer nor raw-socket HEADs). Null when there is no report or no coverage.
 * @example await readRunRequests('reports/contract') // 1540
 */
export async function readRunRequests(reportDir: string): Promise<number | null> {
  const text = await readFile(join(reportDir, 'contract-report.json'), 'utf8').catch(() => undefined)
  if (text === undefined) return null
  const { coverage } = JSON.parse(text) as Pick<RunResult, 'coverage'>
  if (!coverage) return null
  return coverage.operations.reduce((sum, operation) => sum + operation.requests, 0)
}
