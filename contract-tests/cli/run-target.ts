import type { FetchLike } from '../client/contract-client.ts'
import { type ProgressEvent, runContract } from '../run/run-contract.ts'
import type { RunResult } from '../shared/run-result.ts'
import type { RunConfig } from './resolve-run-config.ts'
import type { TargetSpec } from './target-spec.ts'

/**
 * Runs the contract suite against a started target, in this process: the in-process mock is created here, any
 * other target is reached over HTTP. The run is selected, judged and redacted once, by `runContract`.
 * @example const result = await runTarget(config, { name: 'staging', kind: 'http', baseUrl, messagesBaseUrl }, [key])
 */
export async function runTarget(
  config: RunConfig,
  target: TargetSpec,
  secrets: ReadonlyArray<string>,
  onProgress?: (event: ProgressEvent) => void,
): Promise<RunResult> {
  let fetch: FetchLike | undefined
  if (target.kind === 'in-process') {
    // Loaded only here: a run against another target has no use for the mock's modules.
    const { createPetStoreMock } = await import('../../mocks/create-pet-store-mock.ts')
    fetch = (await createPetStoreMock({ apiKeys: [config.apiKey] })).fetch
  }
  return runContract({
    targetName: target.name,
    baseUrl: target.baseUrl,
    messagesBaseUrl: target.messagesBaseUrl,
    apiKey: config.apiKey,
    fetch,
    readOnly: config.readOnly,
    timeoutMs: config.timeoutMs,
    only: config.only,
    explore: config.explore,
    minCoverage: config.minCoverage,
    strict: config.strict,
    secrets,
    onProgress,
  })
}
