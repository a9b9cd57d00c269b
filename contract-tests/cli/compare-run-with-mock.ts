import { compareWithMock } from '../compare/compare-with-mock.ts'
import { runContract } from '../run/run-contract.ts'
import { selectScenarios } from '../run/select-scenarios.ts'
import type { RunResult } from '../shared/run-result.ts'

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
 * @example const compared = await compareRunWithMock(targetRun, { apiKey, only: ['createPet'] })
 */
export async function compareRunWithMock(
  run: RunResult,
  { apiKey, only = [], readOnly, timeoutMs, strict }: MockTwinOptions,
): Promise<RunResult> {
  // Loaded only here: a run that does not compare has no use for the mock's modules.
  const { createPetStoreMock } = await import('../../mocks/create-pet-store-mock.ts')
  const mock = await createPetStoreMock({ apiKeys: [apiKey] })
  const named = selectScenarios(only).flatMap((group) => group.scenarios.filter((scenario) => !scenario.explores))
  const mockRun = await runContract({
    apiKey,
    readOnly,
    timeoutMs,
    strict,
    targetName: 'mock (in-process)',
    baseUrl: 'http://petstore.mock/v1',
    messagesBaseUrl: 'http://petstore.mock',
    fetch: mock.fetch,
    scenarios: named,
  })
  return { ...run, comparison: compareWithMock(run, mockRun) }
}
