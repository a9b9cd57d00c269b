import fc from 'fast-check'
import { TargetError } from '../client/target-error.ts'
import { TransportFailure } from '../client/transport-failure.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import type { Basis, Exchange } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import type { ExploreOptions } from './explore-options.ts'
import { trackedRuns } from './tracked-runs.ts'

/** What a check concluded about one generated request. */
export interface Judgement {
  ok: boolean
  /** Why it failed, or (for a deviation) what differed from the spec's own choice. */
  message?: string
  expected?: string
  received?: string
  exchange?: Exchange
  /** Passed, but differs from a choice our spec makes where the interface is silent. */
  deviation?: string
  /** What makes two deviations the same one (counted once); default the deviation's text. */
  deviationKey?: string
  /** What the deviation rests on, when not the check's `deviationBasis`. */
  deviationBasis?: Basis
  /** What makes two failures the same defect; default the message with its quoted values and numbers taken out. */
  failureKey?: string
  /** The sentence the rule this judgement applied rests on, when it is not the check's own (a limit in a list). */
  basis?: Basis
}

interface PropertyCheck<T> {
  /** The promise, in words: "a valid new pet is created and echoed exactly". */
  promise: string
  /** What a deviation of this check rests on: the spec's choice the target departed from. */
  deviationBasis?: Basis
  /** What a violation of this check rests on, when not the scenario's own basis. */
  basis?: Basis
  arbitrary: fc.Arbitrary<T>
  /** Values always tried before the generated ones: every member of a small finite domain (credentials, mutations). */
  examples?: ReadonlyArray<T>
  /** Judges one value, sending its requests through `client`. */
  judge(value: T, client: ContractCaller): Promise<Judgement>
}

/** Distinct defects one property reports at most: exploring goes on after each, within the time budget. */
const maxDistinctFailures = 4

/** A judgement fails too when a registry check failed on the response it judged. */
function withRegistry(judgement: Judgement): Judgement {
  const failed = judgement.exchange?.results.find((result) => result.outcome === 'failed')
  if (!judgement.ok || !failed) return judgement
  return {
    ...judgement,
    ok: false,
    message: `[${failed.check}] ${failed.message}`,
    expected: failed.expected,
    failureKey: `registry:${failed.check}`,
    // The registry check's own sentence, not the property's.
    basis: failed.basis,
  }
}

/** Failures that differ only in the values they quote are one defect. */
function failureKeyOf(judgement: Judgement): string {
  return judgement.failureKey ?? (judgement.message ?? '').replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?/g, '…')
}

/** A check most of whose values got no whole answer: it could not be judged, with the first failure as reason. */
function barelyJudged(setAside: ReadonlyArray<TransportFailure>, judged: number): TargetError {
  const total = setAside.length + judged
  return new TargetError(
    `${setAside.length} of ${total} generated values got no whole answer; the first: ${setAside[0]?.message}`,
  )
}

/** The judgement of a failure sent once more, `undefined` when the replay got no whole answer. */
async function replayed<T>(
  check: PropertyCheck<T>,
  value: T,
  context: ScenarioContext,
): Promise<Judgement | undefined> {
  try {
    return withRegistry(await check.judge(value, context.client))
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error
    return undefined
  }
}

interface Found<T> {
  key: string
  value: T
  /** The failing judgement seen while exploring: what the report shows when the replay passes. */
  explored: Judgement
  where: string
}

/**
 * Runs a property over generated requests with fast-check, `concurrency` independent runs at once
 * (seeds `seed`, `seed + 1`, …), shrinks each failure to the smallest request that still fails and
 * replays it once for the report. Exploring goes on after a failure, the defects already found counted
 * as known, so a target with two defects shows both (at most `maxDistinctFailures`, within the budget).
 * Deviations are reported as observations, once each with how often they were seen, never as failures.
 * @example await exploreProperty(context, options, { promise, arbitrary, judge })
 */
export async function exploreProperty<T>(
  context: ScenarioContext,
  options: ExploreOptions,
  check: PropertyCheck<T>,
): Promise<void> {
  // Exploration probes are not kept: only each shrunk failure is, replayed once, so the report holds those
  // exchanges (with their curl lines) and not the hundreds that led to them.
  const probe: ContractCaller = {
    readOnly: context.client.readOnly,
    call: (operationId, callOptions) => context.client.call(operationId, { ...callOptions, record: false }),
    keep: (exchange) => context.client.keep(exchange),
    headOnWire: (operationId, callOptions) => context.client.headOnWire(operationId, callOptions),
    baseUrlOf: (operationId) => context.client.baseUrlOf(operationId),
  }
  const workers = Math.max(1, Math.min(options.concurrency, options.maxExamples))
  const perWorker = Math.ceil(options.maxExamples / workers)
  const deadline = performance.now() + options.timeBudgetMs
  const deviations = new Map<string, { message: string; count: number; basis?: Basis }>()
  const found: Array<Found<T>> = []
  const failing = new Map<unknown, Judgement>()
  let targetError: TargetError | undefined
  // Requests that got no whole answer: the value they were for is judged no further, the others are.
  const setAside: Array<TransportFailure> = []
  let judged = 0
  let interrupted = false
  const predicate = async (value: T): Promise<boolean> => {
    if (targetError) return true
    try {
      const judgement = withRegistry(await check.judge(value, probe))
      judged++
      if (judgement.ok && judgement.deviation) {
        const key = judgement.deviationKey ?? judgement.deviation
        const seen = deviations.get(key) ?? {
          message: judgement.deviation,
          count: 0,
          basis: judgement.deviationBasis,
        }
        deviations.set(key, { ...seen, count: seen.count + 1 })
      }
      if (judgement.ok) return true
      // A defect already reported does not stop the search for another.
      if (found.some(({ key }) => key === failureKeyOf(judgement))) return true
      failing.set(value, judgement)
      return false
    } catch (error) {
      if (error instanceof TransportFailure) {
        setAside.push(error)
        return true
      }
      if (!(error instanceof TargetError)) throw error
      targetError = error
      return true
    }
  }
  // A run the time budget interrupted goes on sending: each round waits for it before it reports.
  const tracked = trackedRuns(predicate)
  for (let round = 0; round < maxDistinctFailures && !targetError; round++) {
    const budget = deadline - performance.now()
    if (budget <= 0) break
    const runs = await Promise.all(
      Array.from({ length: workers }, (_, index) => {
        // The examples are shared out among the first round's runs, so each is sent once.
        const examples = round > 0 ? [] : (check.examples ?? []).filter((_, position) => position % workers === index)
        return fc.check(fc.asyncProperty(check.arbitrary, tracked.run), {
          seed: options.seed + round * workers + index,
          numRuns: perWorker + examples.length,
          examples: examples.map((value) => [value] as [T]),
          interruptAfterTimeLimit: budget,
          markInterruptAsFailure: false,
        })
      }),
    )
    await tracked.settled()
    if (runs.some((run) => run.interrupted)) interrupted = true
    const failures = runs.filter((run) => run.failed && run.counterexample)
    const before = found.length
    for (const run of failures) {
      const [value] = run.counterexample as [T]
      const explored = failing.get(value) ?? [...failing.values()].at(-1)
      if (!explored) continue
      const key = failureKeyOf(explored)
      if (found.some((known) => known.key === key)) continue
      // The run's seed is the one to pass to --seed: it starts every worker and every round again.
      const where = `seed ${options.seed}, path ${run.counterexamplePath}, shrunk after ${run.numShrinks} steps`
      found.push({ key, value, explored, where })
    }
    if (found.length === before) break
  }
  if (targetError) throw targetError
  if (interrupted) context.budgetReached()
  // More values without an answer than judged: the check could not be judged (the first says why).
  if (setAside.length > judged) throw barelyJudged(setAside, judged)
  const unanswered =
    setAside.length === 0 ? '' : `; ${setAside.length} got no whole answer and were set aside (${setAside[0]?.message})`
  for (const { message, count, basis } of deviations.values())
    context.observe({ message: `${message} (${count}×)`, basis: basis ?? check.deviationBasis })
  if (found.length === 0) {
    context.assert(true, {
      message:
        `${check.promise}: ${judged} generated requests held ` +
        `(seed ${options.seed}${interrupted ? ', time budget reached' : ''}${unanswered})`,
    })
    return
  }
  for (const { value, explored, where } of found.slice(0, maxDistinctFailures)) {
    const replay = await replayed(check, value, context)
    // A failure that did not come back on replay is shown with the exchange it failed on while exploring.
    const shown = replay && !replay.ok ? replay : explored
    if (shown === explored && explored.exchange) context.client.keep(explored.exchange)
    const note =
      replay === undefined
        ? ' (failed while exploring; the replay got no whole answer)'
        : replay.ok
          ? ' (failed while exploring, passed on replay: intermittent)'
          : ''
    context.assert(false, {
      message: `${check.promise}: ${shown.message}${note} (${where})`,
      expected: shown.expected,
      received: shown.received,
      exchange: shown.exchange,
      basis: shown.basis ?? check.basis,
    })
  }
}
