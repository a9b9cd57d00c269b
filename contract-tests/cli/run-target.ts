import type { FetchLike } from '../client/contract-client.ts'
import { type ProgressEvent, runContract } from '../run/run-contract.ts'
import type { RunResult } from '../shared/run-result.ts'
import type { MockTargets } from './mock-targets.ts'
import type { RunConfig } from './resolve-run-config.ts'
import type { TargetSpec } from './target-spec.ts'

/**
 * Runs the contract suite against a started target, in this process: the in-process mock is created here, from
 * `mocks`, any other target is reached over HTTP. The run is selected, judged and redacted once, by `runContract`.
 * @example const result = await runTarget(config, { name: 'staging', kind: 'http', baseUrl, messagesBaseUrl }, [k], m)
 */
export async function runTarget(
  config: RunConfig,
  target: TargetSpec,
  secrets: ReadonlyArray<string>,
  mocks: MockTargets,
  onProgress?: (event: ProgressEvent) => void,
): Promise<RunResult> {
  let fetch: FetchLike | undefined
  if (target.kind === 'in-process') fetch = await mocks.inProcess(config.mockApiKeys ?? [config.apiKey])
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
