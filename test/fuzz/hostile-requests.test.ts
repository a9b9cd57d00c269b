import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSeedVariable } from '../../tools/test-seed.ts'
import { useTestSeed } from '../support/test-seed.ts'
import {
  adminApiFuzzTarget,
  type FuzzTarget,
  inProcessFuzzTarget,
  malformedHttpFuzzTarget,
  standaloneFuzzTarget,
} from './fuzz-targets.ts'
import { prototypeChanges, takePrototypeSnapshot } from './prototype-snapshot.ts'
import { type FuzzOutcome, fuzzMemoryBounds, runFuzz } from './run-fuzz.ts'

// FUZZ_PATH (from a failure report) replays one counterexample of the seed, with -t naming its target so that the
// others do not try to replay it.
const seed = useTestSeed()
const path = process.env.FUZZ_PATH || undefined
const MiB = 1024 * 1024

describe.each([
  ['in-process', inProcessFuzzTarget as () => Promise<FuzzTarget<unknown>>, 400],
  ['standalone', standaloneFuzzTarget as () => Promise<FuzzTarget<unknown>>, 400],
  ['standalone, malformed HTTP', malformedHttpFuzzTarget as () => Promise<FuzzTarget<unknown>>, 300],
  ['admin API', adminApiFuzzTarget as () => Promise<FuzzTarget<unknown>>, 200],
])('%s mock under hostile requests', (name, start, runs) => {
  const prototypes = takePrototypeSnapshot()
  let target: FuzzTarget<unknown>
  let outcome: FuzzOutcome
  beforeAll(async () => {
    target = await start()
    console.log(
      `fuzz ${name}: seed ${seed}, ${runs} runs; replay: ${testSeedVariable}=${seed} npx vitest run ` +
        `test/fuzz/hostile-requests.test.ts -t "^${name} mock"`,
    )
    outcome = await runFuzz(target, { seed, runs, timeLimitMs: 15_000, path })
    console.log(
      `fuzz ${name}: ${outcome.runs} runs, ${outcome.skipped} skipped, ${outcome.durationMs} ms, statuses ` +
        `${JSON.stringify(outcome.statuses)}`,
    )
    if (outcome.counterexamplePath)
      console.log(
        `fuzz ${name}: replay the counterexample with ${testSeedVariable}=${seed} ` +
          `FUZZ_PATH=${outcome.counterexamplePath} and the same -t`,
      )
  })
  afterAll(() => target?.close())

  it('never answers 5xx, answers every 4xx with an Error body of that status, and the next valid request 200', () => {
    expect(outcome.failure).toBeUndefined()
  })

  it('leaves Object.prototype and the other built-in prototypes unpolluted', () => {
    expect(outcome.pollution).toEqual([])
    expect(prototypeChanges(prototypes)).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  const { heapGrowthBytes, rssGrowthBytes } = fuzzMemoryBounds
  it(`retains under ${heapGrowthBytes / MiB} MiB of heap and ${rssGrowthBytes / MiB} MiB of RSS after the run`, () => {
    expect(outcome.heapGrowthBytes).toBeLessThan(fuzzMemoryBounds.heapGrowthBytes)
    expect(outcome.rssGrowthBytes).toBeLessThan(fuzzMemoryBounds.rssGrowthBytes)
  })

  it('still answers a valid request with 200 after the run', async () => {
    expect(await target.sendValid()).toMatchObject({ kind: 'response', status: 200 })
  })
})
