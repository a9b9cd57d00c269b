import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { defaultExploreOptions, exploreOptions } from '../../contract-tests/generate/explore-options.ts'
import { phaseGroups } from '../../contract-tests/run/phase-groups.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import type { CorpusServer } from './corpus-server.ts'
import type { ShapeName } from './deployment-shapes.ts'
import { startCorpusServer } from './start-corpus-server.ts'
import { makeTestCertificate, type TestCertificate } from './test-certificate.ts'

/** The key every corpus run uses: nothing secret, the servers run on loopback for the run only. */
export const corpusApiKey = 'corpus-key-7f3a91c2'

/** What one run of the contract suite found against one corpus server under one seed. */
export interface CorpusVerdict {
  /** What of the run's result a verdict keeps: it crosses processes (the https shape) as JSON. */
  result: Pick<RunResult, 'exitCode' | 'durationMs' | 'targetError' | 'coverageShortfall'>
  /** Each violation once, `check: message`, with where it was found. */
  violations: Array<string>
  /** Each deviation once, likewise. */
  deviations: Array<string>
  /** The check names of the deviations. */
  deviatingChecks: Array<string>
}

const judgeScript = fileURLToPath(new URL('./judge-corpus.ts', import.meta.url))

/**
 * The checks whose requests a seed draws: the exploring phases (generated, stateful) but their must-try steps, which
 * send the same requests whatever the seed, as the named scenarios and the standards' checks do.
 */
const seeded = (seed: number) =>
  phaseGroups(exploreOptions({ seed }))
    .flatMap((group) => group.scenarios)
    .filter((scenario) => !scenario.alone)

/**
 * Starts the server in the deployment shape (one origin when none is given), runs the whole contract suite against
 * it under the first seed and the checks a seed draws (`seeded`) under each other seed, stops it. The rest send the
 * same requests whatever the seed, so one run judges them for all ten.
 *
 * The https shape is judged by a run that trusts the authority of a certificate made for it: a child process given
 * `NODE_EXTRA_CA_CERTS`, the way docs/contract-suite.md tells a user to trust a private authority, so that fetch
 * and the suite's own sockets trust it alike (`certificate` is the one that child was given).
 * @example const [verdict] = await judgeCorpusServer(fastapi, [7], 'nginx')
 */
export async function judgeCorpusServer(
  server: CorpusServer,
  seeds: ReadonlyArray<number>,
  shape: ShapeName = 'one-origin',
  certificate?: TestCertificate,
): Promise<Array<CorpusVerdict>> {
  if (shape === 'https' && !certificate) return judgeTrustingTestAuthority(server, seeds)
  const running = await startCorpusServer(server, corpusApiKey, { shape, certificate })
  try {
    const verdicts: Array<CorpusVerdict> = []
    for (const [index, seed] of seeds.entries()) {
      const result = await runContract({
        ...(index > 0 && { scenarios: seeded(seed) }),
        targetName: `corpus ${server.name} (${shape})`,
        baseUrl: running.baseUrl,
        messagesBaseUrl: running.messagesBaseUrl,
        apiKey: corpusApiKey,
        // Each request's deadline and each exploring check's time budget, written for a quiet machine, scaled to the
        // load (decision record 027): a corpus run shares the cores with others; an answer that comes late is no
        // finding of the server, and a check cut short by the clock meets fewer of the deviations its entry lists.
        timeoutMs: scaledMs(10_000),
        explore: { seed, timeBudgetMs: scaledMs(defaultExploreOptions.timeBudgetMs) },
      })
      verdicts.push(verdictOf(result))
    }
    return verdicts
  } finally {
    await running.close()
  }
}

/**
 * Makes a certificate and its authority, and judges the server in the https shape in a child process
 * (`judge-corpus.ts --json`) that trusts the authority through `NODE_EXTRA_CA_CERTS`; its verdicts, as it printed
 * them.
 */
async function judgeTrustingTestAuthority(
  server: CorpusServer,
  seeds: ReadonlyArray<number>,
): Promise<Array<CorpusVerdict>> {
  const certificate = makeTestCertificate()
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        judgeScript,
        '--json',
        '--shape',
        'https',
        '--certificate',
        certificate.dir,
        server.name,
      ].concat(seeds.map(String)),
      {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate.caFile },
        maxBuffer: 64 * 1024 * 1024,
        timeout: scaledMs(600_000),
      },
    ).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`Failed to judge ${server.name} over HTTPS: ${error.message}\n${error.stderr ?? ''}`)
    })
    // The verdicts are the last line the child prints.
    return JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '') as Array<CorpusVerdict>
  } finally {
    certificate.remove()
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
  const { exitCode, durationMs, targetError, coverageShortfall } = result
  return {
    result: { exitCode, durationMs, targetError, coverageShortfall },
    violations: lines(failuresOf),
    deviations: lines(warningsOf),
    deviatingChecks,
  }
}
