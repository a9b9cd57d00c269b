import fc from 'fast-check'
import { checkAnswer } from './check-answer.ts'
import { describeAnswer } from './fuzz-answer.ts'
import type { FuzzTarget } from './fuzz-targets.ts'
import { prototypeChanges, restorePrototypes, takePrototypeSnapshot } from './prototype-snapshot.ts'
import { settledMemory } from './settled-memory.ts'

const MiB = 1024 * 1024

/**
 * What a run may retain: heap after collection (a leak shows here), RSS (allocator slack included).
 * @example outcome.heapGrowthBytes < fuzzMemoryBounds.heapGrowthBytes
 */
export const fuzzMemoryBounds = { heapGrowthBytes: 32 * MiB, rssGrowthBytes: 256 * MiB } as const

export interface FuzzBudget {
  seed: number
  /** Most property runs (shrinking a failure comes on top). */
  runs: number
  /** Stop generating new runs after this long; what ran so far still counts. */
  timeLimitMs: number
  /** fast-check's replay path, printed with a failure, to rerun just the counterexample. */
  path?: string
}

export interface FuzzOutcome {
  target: string
  seed: number
  runs: number
  /** Inputs the transport could not express (fetch refuses to build them). */
  skipped: number
  interrupted: boolean
  durationMs: number
  /** fast-check's report (seed, path, shrunk counterexample, error), when the property failed. */
  failure?: string
  /** The replay path of the shrunk counterexample, for `path` in a later budget. */
  counterexamplePath?: string
  /** Prototype changes seen during the run (each one restored, and reported by its run too). */
  pollution: Array<string>
  /** Retained growth over the run, measured after the model is reset and the heap collected. */
  heapGrowthBytes: number
  rssGrowthBytes: number
  /** How often each status was answered, shrinking included: shows what the run reached. */
  statuses: Record<string, number>
}

/**
 * Runs the hostile-request property against one target with fast-check: for every input, the
 * answer passes every check of `checkAnswer`, a valid request right after still gets 200, and no
 * prototype changes. Never throws: a failure is fast-check's report, with the seed and path.
 * @example const outcome = await runFuzz(await inProcessFuzzTarget(), { seed: 42, runs: 300, timeLimitMs: 20_000 })
 */
export async function runFuzz<Input>(
  target: FuzzTarget<Input>,
  { seed, runs, timeLimitMs, path }: FuzzBudget,
): Promise<FuzzOutcome> {
  const started = Date.now()
  const memoryBefore = await settledMemory()
  const prototypes = takePrototypeSnapshot()
  const pollution: Array<string> = []
  const statuses: Record<string, number> = {}

  const property = fc.asyncProperty(target.arbitrary, async (input) => {
    await target.reset()
    const sent = await target.send(input)
    fc.pre(sent !== undefined)
    const { answer, method } = sent
    const key = answer.kind === 'response' ? String(answer.status) : 'no answer'
    statuses[key] = (statuses[key] ?? 0) + 1
    const problems = checkAnswer(answer, { method })
    const followUp = await target.sendValid()
    if (followUp.kind !== 'response' || followUp.status !== 200)
      problems.push(`keeps_answering: the valid GET /v1/pets?limit=1 after it got ${describeAnswer(followUp)}`)
    const changes = prototypeChanges(prototypes)
    if (changes.length > 0) {
      pollution.push(...changes)
      restorePrototypes(prototypes)
      problems.push(`no_pollution: ${changes.join(', ')}`)
    }
    if (problems.length > 0) throw violation(`${problems.join('; ')}\nAnswer: ${describeAnswer(answer)}`)
  })

  const details = await fc.check(property, {
    seed,
    path,
    numRuns: runs,
    interruptAfterTimeLimit: timeLimitMs,
    markInterruptAsFailure: false,
    // Above the per-request answer timeout of the targets, so that they report a hang first.
    timeout: 15_000,
    maxSkipsPerRun: 10,
    includeErrorInReport: true,
  })
  await target.reset()
  const memoryAfter = await settledMemory()
  const report = details.failed ? fc.defaultReportMessage(details) : undefined
  return {
    target: target.name,
    seed,
    runs: details.numRuns,
    skipped: details.numSkips,
    interrupted: details.interrupted,
    durationMs: Date.now() - started,
    failure: report === undefined ? undefined : `${target.name}: ${report}`,
    counterexamplePath: details.counterexamplePath ?? undefined,
    pollution,
    heapGrowthBytes: memoryAfter.heapUsed - memoryBefore.heapUsed,
    rssGrowthBytes: memoryAfter.rss - memoryBefore.rss,
    statuses,
  }
}

/** The property's failure without a stack: its frames are this file's, and the report is about the mock. */
function violation(message: string): Error {
  const error = new Error(message)
  error.stack = `Error: ${message}`
  return error
}
