// `petstore-contract/contract`: the contract suite from code. `runContract` is the one orchestrator (in this
// process, no vitest); `runContractCli` is the `petstore-contract` command, which calls it, with its exit code.
// An entry of cli/, above the suite and the mock: `runContractCli` and `compareRunWithMock` start the mock.
export type { MockTwinOptions } from '../contract-tests/cli/compare-run-with-twin.ts'
export type { ClientOptions, FetchLike } from '../contract-tests/client/contract-client.ts'
export { writeReports } from '../contract-tests/reports/write-reports.ts'
export { type RunContractOptions, runContract } from '../contract-tests/run/run-contract.ts'
export { selectableNames } from '../contract-tests/run/select-scenarios.ts'
export type { CheckResult, Exchange, FindingLevel } from '../contract-tests/shared/exchange.ts'
export type { FindingCounts, RunResult, TargetInfo } from '../contract-tests/shared/run-result.ts'
export type { ScenarioOutcome, ScenarioResult } from '../contract-tests/shared/scenario-result.ts'
export type { CliIo } from '../shared/run-cli.ts'
export { compareRunWithMock } from './compare-run-with-mock.ts'
export { runContractCli } from './run-contract-cli.ts'
