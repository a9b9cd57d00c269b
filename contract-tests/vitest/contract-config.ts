import type { ExploreOptions } from '../model/explore-options.ts'
import type { RunResult } from '../model/run-result.ts'

/** Where the suite sends its requests: answered in the worker by the in-process mock, or over HTTP. */
export interface TargetSpec {
  name: string
  kind: 'in-process' | 'http'
  baseUrl: string
  messagesBaseUrl: string
}

/** What the CLI hands the vitest worker (via `provide`). The API key travels in the environment. */
export interface ContractConfig {
  target: TargetSpec
  readOnly: boolean
  timeoutMs: number
  /** Scenario check names or group names to run; empty for all. */
  only: Array<string>
  /** The exploring phases' options, the seed already drawn so the worker and the report agree. */
  explore: ExploreOptions
  minCoverage?: number
  /** `--strict`: deviations fail the run. */
  strict: boolean
}

/** The environment variable the CLI puts the API key in for the vitest worker. */
export const apiKeyVariable = 'PETSTORE_CONTRACT_API_KEY'

declare module 'vitest' {
  export interface ProvidedContext {
    petstoreContract: ContractConfig
  }
}

// vitest declares TaskMeta in @vitest/runner and re-exports it: the augmentation goes where it is declared.
declare module '@vitest/runner' {
  export interface TaskMeta {
    /** The whole run, already redacted, attached by the contract suite to its module. */
    contractRun?: RunResult
  }
}
