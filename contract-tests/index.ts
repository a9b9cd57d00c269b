// `petstore-contract/contract`: the contract suite from code. `runContract` runs it in this process (no vitest);
// `runContractCli` is the `petstore-contract` command (vitest underneath) with its exit code.
export { type CliIo, runContractCli } from './cli/run-contract-cli.ts'
export type { FetchLike } from './client/contract-client.ts'
export { writeReports } from './reports/write-reports.ts'
export { type RunContractOptions, runContract } from './run/run-contract.ts'
export type { RunResult, TargetInfo } from './run/run-result.ts'
export type { ScenarioOutcome, ScenarioResult } from './run/scenario-result.ts'
