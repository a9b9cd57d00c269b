// `petstore-contract/contract`: the contract suite from code. `runContract` is the one orchestrator (in this
// process, no vitest); `runContractCli` is the `petstore-contract` command, which calls it, with its exit code.
export type { CliIo } from '../mocks/cli/run-cli.ts'
export { compareRunWithMock, type MockTwinOptions } from './cli/compare-run-with-mock.ts'
export { runContractCli } from './cli/run-contract-cli.ts'
export type { ClientOptions, FetchLike } from './client/contract-client.ts'
export { writeReports } from './reports/write-reports.ts'
export { type RunContractOptions, runContract } from './run/run-contract.ts'
export { selectableNames } from './run/select-scenarios.ts'
export type { CheckResult, Exchange, FindingLevel } from './shared/exchange.ts'
export type { FindingCounts, RunResult, TargetInfo } from './shared/run-result.ts'
export type { ScenarioOutcome, ScenarioResult } from './shared/scenario-result.ts'
