import { compareRunWithTwin, type MockTwinOptions } from '../contract-tests/cli/compare-run-with-twin.ts'
import type { RunResult } from '../contract-tests/shared/run-result.ts'
import { mockTargets } from './mock-targets.ts'

/**
 * `--compare-with mock`: runs the named scenarios of a finished run again, against a fresh in-process mock, and
 * returns the target's run with `comparison`, where the two answered the same requests differently.
 * @example const compared = await compareRunWithMock(targetRun, { apiKey, only: ['createPet'] })
 */
export function compareRunWithMock(run: RunResult, options: MockTwinOptions): Promise<RunResult> {
  return compareRunWithTwin(run, options, mockTargets.inProcess)
}
