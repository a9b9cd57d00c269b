import type { ClientOptions } from '../client/contract-client.ts'
import { underStrict } from '../model/exchange.ts'
import type { RunResult, TargetInfo } from '../model/run-result.ts'
import { countFindings, exitCodeOf } from '../model/run-result.ts'
import type { Scenario } from '../model/scenario.ts'
import type { ScenarioResult } from '../model/scenario-result.ts'
import { redact } from '../reports/redact.ts'
import { openSession } from './open-session.ts'
import { runScenario } from './run-scenario.ts'
import { selectScenarios } from './select-scenarios.ts'

export interface RunContractOptions extends ClientOptions {
  targetName: string
  /** Scenario check names or group names to run (`--only`); empty or absent for all. */
  only?: ReadonlyArray<string>
  /** The scenarios to choose from; default every scenario of the registry. */
  scenarios?: ReadonlyArray<Scenario>
  /** `--strict`: a deviation from the spec's choices fails the run like a violation. */
  strict?: boolean
  /** Other strings never to let out of the run besides the API key (a key given another way). */
  secrets?: ReadonlyArray<string>
}

/** Why a scenario after a target error is not run. */
export const notRunReason = 'Not run: the target could not be judged.'

/**
 * The one contract orchestrator: opens the session (setup), runs the selected scenarios in order,
 * marks every scenario after a target error as skipped, counts unsafe and refused requests, and
 * returns the whole `RunResult` with every secret redacted. `npm run contract` runs it inside vitest
 * (one test per scenario result); the variant proofs call it directly.
 * @example const result = await runContract({ targetName: 'mock', baseUrl, messagesBaseUrl, apiKey, fetch })
 */
export async function runContract({
  targetName,
  only = [],
  scenarios,
  secrets = [],
  strict = false,
  ...options
}: RunContractOptions): Promise<RunResult> {
  const startedAt = new Date().toISOString()
  const started = performance.now()
  const selected = scenarios ?? selectScenarios(only).flatMap((group) => group.scenarios)
  const { session, setup } = await openSession(options)
  if (strict) for (const exchange of setup.exchanges) exchange.results = exchange.results.map(underStrict)
  const results: Array<ScenarioResult> = []
  let judged = setup.outcome !== 'error'
  for (const scenario of selected) {
    if (!session || !judged) {
      results.push(notRun(scenario))
      continue
    }
    const result = await runScenario(scenario, { ...session, strict })
    results.push(result)
    if (result.outcome === 'error') judged = false
  }
  const target: TargetInfo = {
    name: targetName,
    baseUrl: options.baseUrl,
    messagesBaseUrl: options.messagesBaseUrl,
    readOnly: options.readOnly ?? false,
  }
  const result: RunResult = {
    target,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    setup,
    scenarios: results,
    unsafeRequestsSent: session?.client.unsafeRequestsSent ?? 0,
    refusedRequests: session?.client.refusedRequests ?? 0,
    strict,
    findings: countFindings(setup, results),
    ...exitCodeOf(setup, results),
  }
  return redact(result, [options.apiKey, ...secrets])
}

function notRun(scenario: Scenario): ScenarioResult {
  return {
    check: scenario.check,
    title: scenario.title,
    operationId: scenario.operationId,
    writes: scenario.writes,
    outcome: 'skipped',
    reason: notRunReason,
    assertions: [],
    exchanges: [],
    durationMs: 0,
  }
}
