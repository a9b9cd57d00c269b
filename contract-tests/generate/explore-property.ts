import fc from 'fast-check'
import { TargetError } from '../client/target-error.ts'
import type { ContractCaller } from '../model/contract-caller.ts'
import type { Basis, Exchange } from '../model/exchange.ts'
import type { ScenarioContext } from '../model/scenario.ts'
import type { ExploreOptions } from './explore-options.ts'

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
}

export interface PropertyCheck<T> {
  /** The promise, in words: "a valid new pet is created and echoed exactly". */
  promise: string
  /** What a deviation of this check rests on: the spec's choice the target departed from. */
  deviationBasis?: Basis
  arbitrary: fc.Arbitrary<T>
  /** Values always tried before the generated ones: every member of a small finite domain (credentials, mutations). */
  examples?: ReadonlyArray<T>
  /** Judges one value, sending its requests through `client`. */
  judge(value: T, client: ContractCaller): Promise<Judgement>
}

/** A judgement fails too when a registry check failed on the response it judged. */
function withRegistry(judgement: Judgement): Judgement {
  const failed = judgement.exchange?.results.find((result) => result.outcome === 'failed')
  if (!judgement.ok || !failed) return judgement
  return { ...judgement, ok: false, message: `[${failed.check}] ${failed.message}`, expected: failed.expected }
}

/**
 * Runs a property over generated requests with fast-check, `concurrency` independent runs at once
 * (seeds `seed`, `seed + 1`, …), then shrinks the first failure to the smallest request that still fails
 * and replays it once for the report. Deviations are reported as observations, never failures.
 * @example await exploreProperty(context, options, { promise, arbitrary, judge })
 */
export async function exploreProperty<T>(
  context: ScenarioContext,
  options: ExploreOptions,
  check: PropertyCheck<T>,
): Promise<void> {
  // Exploration probes are not kept: only the shrunk failure is, replayed once, so the report holds that one
  // exchange (with its curl line) and not the hundreds that led to it.
  const probe: ContractCaller = {
    readOnly: context.client.readOnly,
    call: (operationId, callOptions) => context.client.call(operationId, { ...callOptions, record: false }),
    keep: (exchange) => context.client.keep(exchange),
  }
  const workers = Math.max(1, Math.min(options.concurrency, options.maxExamples))
  const perWorker = Math.ceil(options.maxExamples / workers)
  const deviations = new Map<string, number>()
  let targetError: TargetError | undefined
  let judged = 0
  const predicate = async (value: T): Promise<boolean> => {
    if (targetError) return true
    try {
      const judgement = withRegistry(await check.judge(value, probe))
      judged++
      if (judgement.ok && judgement.deviation)
        deviations.set(judgement.deviation, (deviations.get(judgement.deviation) ?? 0) + 1)
      return judgement.ok
    } catch (error) {
      if (!(error instanceof TargetError)) throw error
      targetError = error
      return true
    }
  }
  const runs = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      // The examples are shared out among the runs, so each is sent once, on top of the generated ones.
      const examples = (check.examples ?? []).filter((_, position) => position % workers === index)
      return fc.check(fc.asyncProperty(check.arbitrary, predicate), {
        seed: options.seed + index,
        numRuns: perWorker + examples.length,
        examples: examples.map((value) => [value] as [T]),
        interruptAfterTimeLimit: options.timeBudgetMs,
        markInterruptAsFailure: false,
      })
    }),
  )
  if (targetError) throw targetError
  for (const [deviation, count] of deviations)
    context.observe({ message: `${deviation} (${count}×)`, basis: check.deviationBasis })
  const failure = runs.find((run) => run.failed && run.counterexample)
  if (!failure?.counterexample) {
    const interrupted = runs.some((run) => run.interrupted)
    context.assert(true, {
      message:
        `${check.promise}: ${judged} generated requests held ` +
        `(seed ${options.seed}${interrupted ? ', time budget reached' : ''})`,
    })
    return
  }
  const [counterexample] = failure.counterexample as [T]
  const replay = withRegistry(await check.judge(counterexample, context.client))
  const where = `seed ${failure.seed}, path ${failure.counterexamplePath}, shrunk after ${failure.numShrinks} steps`
  context.assert(false, {
    message: `${check.promise}: ${replay.ok ? 'failed while exploring, passed on replay' : replay.message} (${where})`,
    expected: replay.expected,
    received: replay.received,
    exchange: replay.exchange,
  })
}
