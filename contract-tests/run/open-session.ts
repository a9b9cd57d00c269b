import type { ClientOptions } from '../client/contract-client.ts'
import { TargetError } from '../client/target-error.ts'
import type { CreatedResources } from '../shared/run-result.ts'
import { failuresOf, type ScenarioResult } from '../shared/scenario-result.ts'
import { prepareSuiteData } from './prepare-suite-data.ts'
import { RecordingClient } from './recording-client.ts'
import type { Session } from './run-scenario.ts'
import { wrongBaseUrl } from './wrong-base-url.ts'

/**
 * Opens a session on a target: the client, and the data prepared for the scenarios. The setup's
 * own requests go through every registry check like any other, and are reported as `suite_setup`. `created` fills
 * as the run creates resources, also when the setup fails after creating some.
 * @example const { session, setup, created } = await openSession({ baseUrl, messagesBaseUrl, apiKey })
 */
export async function openSession(
  options: ClientOptions,
): Promise<{ session?: Session; setup: ScenarioResult; created: CreatedResources; settled(): Promise<void> }> {
  const client = new RecordingClient(options)
  const runTag = `contract-${Date.now().toString(36)}`
  const opened = { created: { runTag, ids: client.createdIds }, settled: () => client.settled() }
  const started = performance.now()
  const setup: ScenarioResult = {
    check: 'suite_setup',
    title: client.readOnly
      ? 'suite setup: list the pets the target holds'
      : 'suite setup: count the pets of each status, create those the scenarios miss, then list them',
    operationId: client.readOnly ? 'listPets' : 'createPet',
    writes: !client.readOnly,
    outcome: 'passed',
    assertions: [],
    exchanges: [],
    durationMs: 0,
  }
  try {
    const data = await prepareSuiteData(client, runTag)
    setup.exchanges = data.setupExchanges
    setup.durationMs = Math.round(performance.now() - started)
    const astray = wrongBaseUrl(setup.exchanges, options.baseUrl)
    if (astray) return { setup: { ...setup, outcome: 'error', reason: astray }, ...opened }
    if (failuresOf(setup).length > 0) setup.outcome = 'failed'
    return { session: { client, data }, setup, ...opened }
  } catch (error) {
    if (!(error instanceof TargetError)) throw error
    return {
      setup: {
        ...setup,
        outcome: 'error',
        reason: error.message,
        exchanges: [...client.exchanges],
        durationMs: Math.round(performance.now() - started),
      },
      ...opened,
    }
  }
}
