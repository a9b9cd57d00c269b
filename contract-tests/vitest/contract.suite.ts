import { describe, inject, it } from 'vitest'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import type { FetchLike } from '../client/contract-client.ts'
import { redact } from '../reports/redact.ts'
import { openSession } from '../run/open-session.ts'
import { runScenario } from '../run/run-scenario.ts'
import { failuresOf, type ScenarioResult } from '../run/scenario-result.ts'
import { apiKeyVariable } from './contract-config.ts'
import { selectScenarios } from './select-scenarios.ts'

// The contract suite as vitest runs it for `npm run contract`: one test per scenario, in order.
const config = inject('petstoreContract')
const apiKey = process.env[apiKeyVariable] ?? ''
const secrets = [apiKey]

let targetFetch: FetchLike | undefined
if (config.target.kind === 'in-process') {
  const mock = await createPetStoreMock({ apiKeys: [apiKey] })
  targetFetch = mock.fetch
}
const { session, setup } = await openSession({
  baseUrl: config.target.baseUrl,
  messagesBaseUrl: config.target.messagesBaseUrl,
  apiKey,
  fetch: targetFetch,
  readOnly: config.readOnly,
  timeoutMs: config.timeoutMs,
})
let targetError = setup.outcome === 'error' ? setup.reason : undefined

function summarize(result: ScenarioResult): string {
  return failuresOf(result)
    .map(({ result: failure }) => `[${failure.check}] ${failure.message}`)
    .join('\n')
}

it(setup.title, ({ task }) => {
  task.meta.contract = redact(setup, secrets)
  if (setup.outcome === 'error') throw new Error(`The target could not be judged: ${redact(setup.reason, secrets)}`)
  if (setup.outcome === 'failed') throw new Error(redact(summarize(setup), secrets))
})

for (const group of selectScenarios(config.only)) {
  describe(group.name, () => {
    for (const scenario of group.scenarios) {
      it(scenario.title, async ({ task, skip }) => {
        if (!session || targetError) {
          task.meta.contract = {
            check: scenario.check,
            title: scenario.title,
            operationId: scenario.operationId,
            writes: scenario.writes,
            outcome: 'skipped',
            reason: 'Not run: the target could not be judged.',
            assertions: [],
            exchanges: [],
            durationMs: 0,
          }
          return skip('Not run: the target could not be judged.')
        }
        const result = redact(await runScenario(scenario, session), secrets)
        task.meta.contract = result
        if (result.outcome === 'error') {
          targetError = result.reason
          throw new Error(`The target could not be judged: ${result.reason}`)
        }
        if (result.outcome === 'skipped') return skip(result.reason)
        if (result.outcome === 'failed') throw new Error(summarize(result))
      })
    }
  })
}

it('run summary: requests with a method other than GET or HEAD', ({ task }) => {
  task.meta.contractCounters = {
    unsafeRequestsSent: session?.client.unsafeRequestsSent ?? 0,
    refusedRequests: session?.client.refusedRequests ?? 0,
  }
})
