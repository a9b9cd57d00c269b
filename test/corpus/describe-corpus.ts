import { afterAll, describe, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { proofSeeds } from '../variants/proof-seeds.ts'
import { corpusSeeds } from './corpus-seeds.ts'
import type { CorpusServer } from './corpus-server.ts'
import { type CorpusVerdict, judgeCorpusServer } from './judge-corpus-server.ts'

// The conformance corpus: independent, conformant Pet Stores written the way their frameworks' own documentation
// writes a JSON API, each run as its own process on loopback and judged by the whole contract suite, its seeded
// phases (generated, stateful) under each of the ten proof seeds (the first two under `npm test`: corpus-seeds.ts).
// No false alarm: exit 0 under every seed. The deviations each server earns are the ones its entry lists (a framework
// default the interface leaves open), each seen under at least one of the ten seeds.

const seeds = corpusSeeds()
const allSeeds = seeds.length === proofSeeds.length
const deviationsPromise = allSeeds ? 'with the deviations its entry lists' : 'with no deviation its entry does not list'
const summary = (verdicts: ReadonlyArray<CorpusVerdict>) =>
  verdicts
    .map(
      ({ result, violations }, index) => `seed ${seeds[index]}: exit ${result.exitCode}\n  ${violations.join('\n  ')}`,
    )
    .join('\n')

/**
 * Judges each of `servers` under every proof seed, side by side, in the test file that calls it: the corpus is split
 * over files so that its runs share more than one core.
 * @example describeCorpus(nodeServers)
 */
export function describeCorpus(servers: ReadonlyArray<CorpusServer>): void {
  const seen = new Map<string, Set<string>>()
  afterAll(() => {
    const lines = [...seen].map(([name, checks]) => `  ${name}: ${[...checks].sort().join(', ') || 'none'}`)
    console.log(`Deviations each corpus server earns under the proof seeds ${seeds.join(', ')}:\n${lines.join('\n')}`)
  })
  describe.concurrent('the conformance corpus', () => {
    it.each(servers.map((server) => [server.name, server] as const))(
      `passes the %s server under each of the proof seeds ${seeds.join(', ')}, ${deviationsPromise}`,
      async (name, server) => {
        const verdicts = await judgeCorpusServer(server, seeds)
        const earned = new Set(verdicts.flatMap((verdict) => verdict.deviatingChecks))
        seen.set(name, earned)
        expect(
          verdicts.map(({ result }) => result.exitCode),
          summary(verdicts),
        ).toEqual(seeds.map(() => 0))
        // No deviation the entry does not list, under any seed. That each listed one is earned is asked of the ten
        // seeds only: one the generated phase meets by chance may be missed under two (PETSTORE_CORPUS_SEEDS).
        const unlisted = [...earned].filter((check) => !server.deviations.includes(check))
        expect(unlisted.sort(), 'deviations the entry does not list').toEqual([])
        if (allSeeds)
          expect([...earned].sort(), 'the deviations the entry lists').toEqual([...server.deviations].sort())
      },
      scaledMs(600_000),
    )
  })
}
