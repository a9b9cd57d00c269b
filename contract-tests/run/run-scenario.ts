import { OtherOriginOnConnection, ReadOnlyRefusal, TargetError } from '../client/target-error.ts'
import { TransportFailure } from '../client/transport-failure.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import type { CheckResult, Exchange } from '../shared/exchange.ts'
import { type AssertDetail, type Scenario, ScenarioSkipped } from '../shared/scenario.ts'
import { failuresOf, type ScenarioResult, type UnansweredRequest } from '../shared/scenario-result.ts'
import type { SuiteData } from '../shared/suite-data.ts'
import type { RecordingClient } from './recording-client.ts'
import { unansweredTwice } from './request-answered.ts'

export interface Session {
  client: RecordingClient
  data: SuiteData
}

/**
 * Runs one scenario: skipped when it writes in a read-only run; failed when one of its assertions
 * or a registry check on one of its responses failed; `error` when it could not be judged (a request of it got
 * no whole answer, or the target could no longer be judged at all). Every request that got no whole answer is
 * listed in `unanswered`, also those an exploring check set aside and judged without. A scenario that lost a
 * request to the transport before it found anything runs once more when `again()` allows (the target is not
 * halted): one reset among many requests costs a check only when it strikes twice (`attempts: 2`). The same request
 * left without an answer for the whole deadline on both tries, while the service answers others, fails the check
 * (`request_answered`, a violation): what a client waits on forever is no answer the interface lists.
 * @example const result = await runScenario(scenario, session, { again: () => !halted() })
 */
export async function runScenario(
  scenario: Scenario,
  session: Session,
  { again = () => true }: { again?: () => boolean } = {},
): Promise<ScenarioResult> {
  const first = await runOnce(scenario, session)
  if (!first.lostRequest || !again()) return first.result
  const second = await runOnce(scenario, session)
  const unanswered = [...(first.result.unanswered ?? []), ...(second.result.unanswered ?? [])]
  const result = { ...second.result, unanswered, attempts: 2 as const }
  const finding = second.lostRequest
    ? unansweredTwice(first.result.unanswered ?? [], second.result.unanswered ?? [], session.client.answered)
    : undefined
  return finding ? { ...result, outcome: 'failed', assertions: [...result.assertions, finding] } : result
}

async function runOnce(
  scenario: Scenario,
  { client, data }: Session,
): Promise<{ result: ScenarioResult; lostRequest: boolean }> {
  const started = performance.now()
  // Each scenario keeps its own exchanges: scenarios may run side by side on one client.
  const exchanges: Array<Exchange> = []
  const unanswered: Array<UnansweredRequest> = []
  const caller: ContractCaller = {
    readOnly: client.readOnly,
    call: (operationId, options = {}) =>
      client.call(operationId, { ...options, sink: exchanges }).catch((error: unknown) => {
        if (error instanceof TransportFailure) unanswered.push(unansweredOf(error, operationId))
        throw error
      }),
    headOnWire: (operationId, options) => client.headOnWire(operationId, options),
    baseUrlOf: (operationId) => client.baseUrlOf(operationId),
    keep: (exchange) => {
      if (!exchanges.includes(exchange)) exchanges.push(exchange)
    },
  }
  const assertions: Array<CheckResult> = []
  // The exchange each finding rests on: its place in `exchanges` is known when the scenario ends (it may keep it late).
  const restsOn = new Map<CheckResult, Exchange>()
  let budgetReached = false
  const finish = (outcome: ScenarioResult['outcome'], reason?: string): ScenarioResult => {
    for (const [finding, exchange] of restsOn) {
      const index = exchanges.indexOf(exchange)
      if (index >= 0) finding.exchangeIndex = index
    }
    const result: ScenarioResult = {
      check: scenario.check,
      title: scenario.title,
      operationId: scenario.operationId,
      writes: scenario.writes,
      outcome,
      reason,
      assertions,
      basis: scenario.basis,
      exchanges,
      ...(unanswered.length > 0 && { unanswered }),
      durationMs: Math.round(performance.now() - started),
      ...(budgetReached && { budgetReached }),
    }
    // A scenario that failed a check before it had to give up still failed: a defect found is found, whatever
    // could not be judged after it (the reason stays with the result).
    if (outcome !== 'failed' && failuresOf(result).length > 0) result.outcome = 'failed'
    return result
  }
  if (scenario.writes && client.readOnly)
    return judged(finish('skipped', 'Read-only run: this scenario sends POST requests.'))

  const record = (
    outcome: CheckResult['outcome'],
    { message, expected, received, check, exchange, basis }: AssertDetail,
  ): void => {
    const where = exchange ? ` (${exchange.request.method} ${exchange.request.url})` : ''
    const finding = outcome !== 'passed' && {
      level: outcome === 'failed' ? ('violation' as const) : ('deviation' as const),
      basis: basis ?? scenario.basis,
    }
    const result = { check: check ?? scenario.check, outcome, message: `${message}${where}`, expected, received }
    const recorded: CheckResult = { ...result, ...finding }
    assertions.push(recorded)
    if (finding && exchange) restsOn.set(recorded, exchange)
  }
  try {
    await scenario.run({
      client: caller,
      data,
      assert(holds, detail) {
        record(holds ? 'passed' : 'failed', detail)
        return holds
      },
      observe: (detail) => record('warning', detail),
      skip(reason) {
        throw new ScenarioSkipped(reason)
      },
      budgetReached: () => {
        budgetReached = true
      },
    })
    return judged(finish('passed'))
  } catch (error) {
    if (error instanceof ScenarioSkipped) return judged(finish('skipped', error.reason))
    if (error instanceof TransportFailure) {
      const result = finish('error', error.message)
      return { result, lostRequest: result.outcome === 'error' }
    }
    if (error instanceof TargetError) return judged(finish('error', error.message))
    if (error instanceof ReadOnlyRefusal || error instanceof OtherOriginOnConnection)
      return judged(finish('error', `${error.message} This is a bug in the scenario.`))
    throw error
  }
}

const judged = (result: ScenarioResult) => ({ result, lostRequest: false })

function unansweredOf(failure: TransportFailure, operationId: UnansweredRequest['operationId']): UnansweredRequest {
  return { operationId, ...failure.request, kind: failure.kind, reason: failure.message }
}
