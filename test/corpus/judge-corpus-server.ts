import { exploreOptions } from '../../contract-tests/generate/explore-options.ts'
import { phaseGroups } from '../../contract-tests/run/phase-groups.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import type { CorpusServer } from './corpus-server.ts'
import { startCorpusServer } from './start-corpus-server.ts'

/** The key every corpus run uses: nothing secret, the servers run on loopback for the run only. */
export const corpusApiKey = 'corpus-key-7f3a91c2'

/** What one run of the contract suite found against one corpus server under one seed. */
export interface CorpusVerdict {
  result: RunResult
  /** Each violation once, `check: message`, with where it was found. */
  violations: Array<string>
  /** Each deviation once, likewise. */
  deviations: Array<string>
  /** The check names of the deviations. */
  deviatingChecks: Array<string>
}

/**
 * The checks whose requests a seed draws: the exploring phases (generated, stateful) but their must-try steps, which
 * send the same requests whatever the seed, as the named scenarios and the standards' checks do.
 */
const seeded = (seed: number) =>
  phaseGroups(exploreOptions({ seed }))
    .flatMap((group) => group.scenarios)
    .filter((scenario) => !scenario.alone)

/**
 * Starts the server, runs the whole contract suite against it under the first seed and the checks a seed draws
 * (`seeded`) under each other seed, stops it. The rest send the same requests whatever the seed, so one run judges
 * them for all ten.
 * @example const [verdict] = await judgeCorpusServer(fastapi, [7])
 */
export async function judgeCorpusServer(
  server: CorpusServer,
  seeds: ReadonlyArray<number>,
): Promise<Array<CorpusVerdict>> {
  const running = await startCorpusServer(server, corpusApiKey)
  try {
    const verdicts: Array<CorpusVerdict> = []
    for (const [index, seed] of seeds.entries()) {
      const result = await runContract({
        ...(index > 0 && { scenarios: seeded(seed) }),
        targetName: `corpus ${server.name}`,
        baseUrl: running.baseUrl,
        messagesBaseUrl: running.messagesBaseUrl,
        apiKey: corpusApiKey,
        explore: { seed },
      })
      verdicts.push(verdictOf(result))
    }
    return verdicts
  } finally {
    await running.close()
  }
}

function verdictOf(result: RunResult): CorpusVerdict {
  const scenarios = [result.setup, ...result.scenarios]
  const lines = (of: typeof failuresOf) => [
    ...new Set(
      scenarios.flatMap((scenario) =>
        of(scenario).map(({ result: finding }) => `${scenario.title}: [${finding.check}] ${finding.message}`),
      ),
    ),
  ]
  const deviatingChecks = [
    ...new Set(scenarios.flatMap((scenario) => warningsOf(scenario).map(({ result: finding }) => finding.check))),
  ]
  return { result, violations: lines(failuresOf), deviations: lines(warningsOf), deviatingChecks }
}
