import { compareWithMock } from '../compare/compare-with-mock.ts'
import { runContract } from '../run/run-contract.ts'
import { selectScenarios } from '../run/select-scenarios.ts'
import type { RunResult } from '../shared/run-result.ts'
import type { MockTargets } from './mock-targets.ts'

/** How the target was run: the mock's run sends the same named scenarios the same way. */
export interface MockTwinOptions {
  apiKey: string
  /** `--only`: the same selection as the target's run; empty or absent for all. */
  only?: ReadonlyArray<string>
  readOnly?: boolean
  timeoutMs?: number
  strict?: boolean
}

/**
 * `--compare-with mock`: runs the named scenarios of a finished run again, against a fresh in-process mock, and
 * returns the target's run with `comparison`, where the two answered the same requests differently. The exploring
 * phases are not repeated: their requests are drawn, so the two runs would not send the same ones.
 * The mock comes from `createTwin` (the command lines above the suite give it: cli/mock-targets.ts).
 * @example const compared = await compareRunWithTwin(targetRun, { apiKey, only: ['createPet'] }, mocks.inProcess)
 */
export async function compareRunWithTwin(
  run: RunResult,
  { apiKey, only = [], readOnly, timeoutMs, strict }: MockTwinOptions,
  createTwin: MockTargets['inProcess'],
): Promise<RunResult> {
  const fetch = await createTwin([apiKey])
  const named = selectScenarios(only).flatMap((group) => group.scenarios.filter((scenario) => !scenario.explores))
  const mockRun = await runContract({
    apiKey,
    readOnly,
    timeoutMs,
    strict,
    targetName: 'mock (in-process)',
    baseUrl: 'http://petstore.mock/v1',
    messagesBaseUrl: 'http://petstore.mock',
    fetch,
    scenarios: named,
  })
  return { ...run, comparison: compareWithMock(run, mockRun) }
}
