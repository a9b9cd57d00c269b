import type { ClientOptions } from '../client/contract-client.ts'
import { scenarios as allScenarios } from '../scenarios/registry.ts'
import { openSession } from './open-session.ts'
import { exitCodeOf, type RunResult, type TargetInfo } from './run-result.ts'
import { runScenario } from './run-scenario.ts'
import type { Scenario } from './scenario.ts'
import type { ScenarioResult } from './scenario-result.ts'

export interface RunContractOptions extends ClientOptions {
  targetName: string
  scenarios?: ReadonlyArray<Scenario>
}

/**
 * Runs the contract suite in this process, without vitest: the same scenarios and checks that
 * `npm run contract` runs under vitest. Used where many runs must be cheap (the faulty-variant proofs).
 * @example const result = await runContract({ targetName: 'mock', baseUrl, messagesBaseUrl, apiKey, fetch })
 */
export async function runContract({
  targetName,
  scenarios = allScenarios,
  ...options
}: RunContractOptions): Promise<RunResult> {
  const startedAt = new Date().toISOString()
  const started = performance.now()
  const { session, setup } = await openSession(options)
  const results: Array<ScenarioResult> = []
  for (const scenario of session ? scenarios : []) {
    const result = await runScenario(scenario, session!)
    results.push(result)
    if (result.outcome === 'error') break
  }
  const target: TargetInfo = {
    name: targetName,
    baseUrl: options.baseUrl,
    messagesBaseUrl: options.messagesBaseUrl,
    readOnly: options.readOnly ?? false,
  }
  return {
    target,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    setup,
    scenarios: results,
    unsafeRequestsSent: session?.client.unsafeRequestsSent ?? 0,
    refusedRequests: session?.client.refusedRequests ?? 0,
    ...exitCodeOf(setup, results),
  }
}
