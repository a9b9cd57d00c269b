import pLimit from 'p-limit'
import type { ClientOptions } from '../client/contract-client.ts'
import { ConfigurationFault } from '../client/target-error.ts'
import { type ExploreOptions, exploreOptions } from '../generate/explore-options.ts'
import { redact } from '../reports/redact.ts'
import { uncoveredItems } from '../reports/uncovered-items.ts'
import type { Coverage } from '../shared/coverage.ts'
import type { RunResult, TargetInfo } from '../shared/run-result.ts'
import { countFindings, exitCodeOf, keyRefusedReason } from '../shared/run-result.ts'
import type { Scenario } from '../shared/scenario.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'
import { judgedStrictly } from './judged-strictly.ts'
import { measureCoverage } from './measure-coverage.ts'
import { openSession } from './open-session.ts'
import { unansweredFinding } from './request-answered.ts'
import { runScenario, type Session } from './run-scenario.ts'
import { runSecrets } from './run-secrets.ts'
import { selectScenarios } from './select-scenarios.ts'
import { settleClosedBodies } from './settle-closed-bodies.ts'

export interface RunContractOptions extends ClientOptions {
  targetName: string
  /** Scenario check names or group names to run (`--only`); empty or absent for all. */
  only?: ReadonlyArray<string>
  /** The scenarios to choose from; default every scenario of the registry. */
  scenarios?: ReadonlyArray<Scenario>
  /** How the generated and stateful phases explore: seed (fresh when absent), examples, concurrency, budget. */
  explore?: Partial<ExploreOptions>
  /** The share (0-100) of the spec's operations, statuses and parameters the run must exercise, else exit 1. */
  minCoverage?: number
  /** `--strict`: a deviation from the spec's choices fails the run like a violation. */
  strict?: boolean
  /** Other strings never to let out of the run besides the API key (a key given another way). */
  secrets?: ReadonlyArray<string>
  /** Told as the setup and each scenario finish (results not yet redacted): for a progress line. */
  onProgress?: (event: ProgressEvent) => void
}

/** One test case finished: the setup or a scenario, and how many of the run's are done. */
export interface ProgressEvent {
  result: ScenarioResult
  done: number
  /** The setup and every selected scenario. */
  total: number
}

/** Why a scenario is not run once the target could no longer be judged. */
export const notRunReason = 'Not run: the target could not be judged.'

/**
 * The one contract orchestrator: opens the session (setup), runs the selected scenarios in order (a request that
 * gets no whole answer costs its own check only), marks every scenario as skipped once the target could no longer
 * be judged, turns bodies refused by closing the connection into a deviation, counts unsafe and refused requests, and
 * returns the whole `RunResult` of its one target, with what it created, every secret redacted (the key's forms
 * and the credentials derived from it). `npm run contract` calls it directly, as do the variant proofs and
 * `describeContract` inside a vitest suite. A comparison with the mock is a second run composed by the caller
 * (`compareRunWithMock`).
 * @example const result = await runContract({ targetName: 'mock', baseUrl, messagesBaseUrl, apiKey, fetch })
 */
export async function runContract({
  targetName,
  only = [],
  scenarios,
  secrets = [],
  explore,
  minCoverage,
  strict = false,
  onProgress = () => {},
  ...options
}: RunContractOptions): Promise<RunResult> {
  const exploring = exploreOptions(explore)
  const startedAt = new Date().toISOString()
  const started = performance.now()
  const selected = scenarios ?? selectScenarios(only, exploring).flatMap((group) => group.scenarios)
  const opened = await openSession({ ...options, concurrency: exploring.concurrency })
  const session = opened.session && !nothingCreated(opened.setup, opened.session) ? opened.session : undefined
  const setupResult = session || opened.setup.outcome !== 'passed' ? opened.setup : unjudgedSetup(opened.setup)
  let done = 1
  onProgress({ result: setupResult, done, total: selected.length + 1 })
  const results: Array<ScenarioResult | undefined> = selected.map(() => undefined)
  // The key refused on every request: the checks that need no valid key still run (decision record 035).
  const keyless = session ? undefined : opened.keyRefused
  const judging = session ?? keyless
  const halted = (): string | undefined => judging?.client.halted?.message
  const limit = pLimit(exploring.concurrency)
  for (const wave of waves(selected)) {
    await Promise.all(
      wave.map((index) =>
        limit(async () => {
          const scenario = selected[index] as Scenario
          const on = session ?? (scenario.withoutKey ? keyless : undefined)
          const ran = !on
            ? notRun(scenario, notRunBecause(setupResult, keyless))
            : halted()
              ? notRun(scenario)
              : await runScenario(scenario, on, { again: () => !halted() })
          results[index] = ran
          onProgress({ result: strict ? judgedStrictly(ran) : ran, done: ++done, total: selected.length + 1 })
        }),
      ),
    )
  }
  // What a time budget left in flight still lands on the target: the run ends, and counts it, once it has.
  await opened.settled()
  // One reason is enough: what ran beside or after the check that met the halt (in report order) is not reported.
  const firstHalted = results.findIndex((result) => halted() !== undefined && result?.reason === halted())
  if (firstHalted !== -1)
    for (let index = firstHalted + 1; index < results.length; index++)
      results[index] = notRun(selected[index] as Scenario)
  if (session && !halted()) await settleClosedBodies(results as Array<ScenarioResult>, session.client)
  const setup = strict ? judgedStrictly(setupResult) : setupResult
  for (const [index, result] of results.entries()) if (result && strict) results[index] = judgedStrictly(result)
  const target: TargetInfo = {
    name: targetName,
    baseUrl: options.baseUrl,
    messagesBaseUrl: options.messagesBaseUrl,
    readOnly: options.readOnly ?? false,
  }
  const scenarioResults = results as Array<ScenarioResult>
  const coverage = measureCoverage(judging?.client.coverageHits ?? [])
  const verdict = exitCodeOf(setup, scenarioResults, halted())
  const misconfigured =
    verdict.exitCode === 2 &&
    (opened.configurationFault ?? (session?.client.halted instanceof ConfigurationFault || undefined))
  const short = minCoverage !== undefined && verdict.exitCode === 0 && coverage.ratio * 100 < minCoverage
  const result: RunResult = {
    target,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    setup,
    scenarios: scenarioResults,
    unsafeRequestsSent: judging?.client.unsafeRequestsSent ?? 0,
    refusedRequests: judging?.client.refusedRequests ?? 0,
    strict,
    findings: countFindings(setup, scenarioResults),
    explore: exploring,
    coverage,
    minCoverage,
    created: opened.created,
    ...verdict,
    ...(misconfigured && { configurationFault: true as const }),
    ...(short && {
      exitCode: 1 as const,
      coverageShortfall:
        `Coverage ${percent(coverage.ratio)} is below --min-coverage ${minCoverage}%: ` + `${uncovered(coverage)}.`,
    }),
  }
  return redact(result, runSecrets(options.apiKey, secrets))
}

/**
 * The scenarios in waves that may each run side by side (positions in `selected`): the named scenarios
 * that only read (some count pets, so nothing writes meanwhile), then each that must observe the store alone, one
 * at a time and while the store is still small (pages that hold every match), then the named writers, then the
 * exploring checks. The report keeps the order of `selected`.
 */
function waves(selected: ReadonlyArray<Scenario>): Array<Array<number>> {
  const positions = selected.map((scenario, index) => ({ scenario, index }))
  const named = positions.filter(({ scenario }) => !scenario.explores && !scenario.alone)
  return [
    named.filter(({ scenario }) => !scenario.writes),
    ...positions.filter(({ scenario }) => scenario.alone).map((position) => [position]),
    named.filter(({ scenario }) => scenario.writes),
    positions.filter(({ scenario }) => scenario.explores && !scenario.alone),
  ].map((wave) => wave.map(({ index }) => index))
}

/**
 * A writing run whose every create got no whole answer (set aside one by one, too few in a row to stop the run)
 * created nothing to judge with: the setup could not create a resource, the target could not be judged.
 */
function nothingCreated(setup: ScenarioResult, session: Session): boolean {
  if (session.client.readOnly || Object.values(session.data.resources).some(({ created }) => created.length > 0))
    return false
  const creates = setup.exchanges.filter((exchange) => exchange.request.method === 'POST')
  return creates.length > 0 && creates.every((exchange) => exchange.transportError !== undefined)
}

/**
 * The setup of a run that created nothing. Where every create waited out its deadline while the service answered the
 * setup's other requests, creates go unanswered: a violation (`request_answered`, decision record 041), the checks
 * not run for want of anything created. Otherwise the target could not be judged.
 */
function unjudgedSetup(setup: ScenarioResult): ScenarioResult {
  const creates = setup.exchanges.filter((exchange) => exchange.request.method === 'POST')
  const first = creates.find((exchange) => exchange.transportError) ?? creates[0]
  const answered = setup.exchanges.filter((exchange) => exchange.response !== undefined).length
  if (first && answered > 0 && creates.every((exchange) => exchange.waitedOut))
    return {
      ...setup,
      outcome: 'failed',
      assertions: [
        ...setup.assertions,
        unansweredFinding(
          first.operationId,
          `No create got an answer: each of the setup's ${creates.length} waited out its deadline, while the ` +
            `service answered ${answered} other request${answered === 1 ? '' : 's'} of it ` +
            `(${first.request.method} ${first.request.url})`,
          'no answer',
          setup.exchanges.indexOf(first),
        ),
      ],
    }
  return {
    ...setup,
    outcome: 'error',
    reason: `Failed to create anything: no create got an answer; the first: ${first?.transportError}`,
  }
}

/** Why the checks of a run were not run whose setup failed for a request the service never answered. */
/** Why a scenario did not run for want of a session: the key refused, the setup unanswered, or not judged. */
const notRunBecause = (setup: ScenarioResult, keyless: Session | undefined): string =>
  keyless ? keyRefusedReason : setup.outcome === 'failed' ? setupUnansweredReason : notRunReason

const setupUnansweredReason =
  'Not run: the setup could not prepare the data the checks need (a request it made got no answer, or the API is ' +
  'not at the base URL given).'

function notRun(scenario: Scenario, reason = notRunReason): ScenarioResult {
  return {
    check: scenario.check,
    title: scenario.title,
    operationId: scenario.operationId,
    writes: scenario.writes,
    outcome: 'skipped',
    reason,
    assertions: [],
    exchanges: [],
    durationMs: 0,
  }
}

const percent = (ratio: number): string => `${Math.floor(ratio * 1000) / 10}%`

/** The first few items a run did not exercise, in words. */
function uncovered(coverage: Coverage): string {
  const missing = uncoveredItems(coverage)
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : ''
  return `not exercised: ${missing.slice(0, 5).join(', ')}${more}`
}
