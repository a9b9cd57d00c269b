import { describe, inject, it } from 'vitest'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import type { FetchLike } from '../client/contract-client.ts'
import { failuresOf, type ScenarioResult } from '../model/scenario-result.ts'
import { runContract } from '../run/run-contract.ts'
import { selectScenarios } from '../run/select-scenarios.ts'
import { apiKeyVariable } from './contract-config.ts'

// The contract suite as vitest runs it for `npm run contract`: the orchestrator runs the whole suite,
// then each scenario result is reported as one test, in order, under its group.
const config = inject('petstoreContract')
const apiKey = process.env[apiKeyVariable] ?? ''

let targetFetch: FetchLike | undefined
if (config.target.kind === 'in-process') {
  const mock = await createPetStoreMock({ apiKeys: [apiKey] })
  targetFetch = mock.fetch
}
// Every run option the CLI provides passes through as it is: a new option needs no edit here.
const { target, ...runOptions } = config
const run = await runContract({
  ...runOptions,
  targetName: target.name,
  baseUrl: target.baseUrl,
  messagesBaseUrl: target.messagesBaseUrl,
  apiKey,
  fetch: targetFetch,
})

function summarize(result: ScenarioResult): string {
  return failuresOf(result)
    .map(({ result: failure }) => `[${failure.check}] ${failure.message}`)
    .join('\n')
}

/** Turns one scenario result into the verdict of its vitest test. */
function report(result: ScenarioResult, skip: (reason?: string) => void): void {
  if (result.outcome === 'error') throw new Error(`The target could not be judged: ${result.reason}`)
  if (result.outcome === 'failed') throw new Error(summarize(result))
  if (result.outcome === 'skipped') skip(result.reason)
}

it(run.setup.title, ({ task, skip }) => {
  // The reporter reads the whole run from the module, never from the tests.
  task.file.meta.contractRun = run
  report(run.setup, skip)
})

let index = 0
for (const group of selectScenarios(config.only, config.explore)) {
  describe(group.name, () => {
    for (const scenario of group.scenarios) {
      const result = run.scenarios[index++]
      it(scenario.title, ({ skip }) => {
        if (!result) throw new Error(`The run produced no result for "${scenario.title}".`)
        report(result, skip)
      })
    }
  })
}
