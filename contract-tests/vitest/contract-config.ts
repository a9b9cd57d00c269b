// Loads vitest's own types, so that the augmentation at the end merges with them in any program.
import type {} from 'vitest'
import type { ScenarioResult } from '../run/scenario-result.ts'

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
}

/** The environment variable the CLI puts the API key in for the vitest worker. */
export const apiKeyVariable = 'PETSTORE_CONTRACT_API_KEY'

declare module 'vitest' {
  export interface ProvidedContext {
    petstoreContract: ContractConfig
  }
  export interface TaskMeta {
    /** The scenario result a contract test attaches, already redacted. */
    contract?: ScenarioResult
    contractCounters?: { unsafeRequestsSent: number; refusedRequests: number }
  }
}
