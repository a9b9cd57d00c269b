import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { startProxyServer } from '../support/start-proxy-server.ts'
import { useTestSeed } from '../support/test-seed.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

/** The standalone mock behind a proxy that holds every answer for `delayMs`: a slow deployment. */
async function slowTarget(delayMs: number): Promise<string> {
  const mock = await startPetStoreServer({ apiKeys: ['slow-key-1'] })
  cleanups.push(mock.close)
  const proxy = await startProxyServer(mock.baseUrl, async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    return undefined
  })
  cleanups.push(proxy.close)
  return `${proxy.url}/v1`
}

it(
  'prints each test case as it finishes; the console and JUnit say that a budget cut exploring short',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-progress-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const run = await runContractProcess(
      [
        ...['--base-url', await slowTarget(250), '--api-key', 'slow-key-1', '--report-dir', dir],
        ...['--only', 'list_bare_array,get_matches_list,generated_valid_create', '--time-budget-s', '1'],
        ...['--seed', String(useTestSeed()), '--concurrency', '4'],
      ],
      {},
      scaledMs(120_000),
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const progress = run.stderrLines.filter(({ line }) => /^\[ ?\d+\/\d+\] [✓✗!-] /.test(line))
    // The two reading scenarios run side by side and may finish in either order; the setup is first, exploring last.
    const finished = progress.map(({ line }) => line.split(':')[0])
    expect(finished[0]).toBe('[1/4] ✓ suite_setup')
    expect(
      finished
        .slice(1, 3)
        .map((line) => line?.slice(6))
        .sort(),
    ).toEqual(['✓ get_matches_list', '✓ list_bare_array'])
    expect(finished[3]).toBe('[4/4] ✓ generated_valid_create')
    // Each as it finished: the setup well before the end of a run that took seconds more.
    expect(run.ms - (progress[0]?.ms ?? run.ms)).toBeGreaterThan(1000)
    expect(run.stdout).toMatch(/✓ generated_valid_create +1 passed \(cut short by the time budget\)/)
    expect(run.stdout).toContain(
      'Exploring: The time budget (1 s a check) cut exploring short in 1 check: generated_valid_create.',
    )
    expect(run.stdout).toContain('Verdict: CONFORMANT (exit 0)')
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8')
    expect(junit).toMatch(/<property name="timeBudgetReached" value="The time budget \(1 s a check\) cut exploring/)
    expect(junit).toMatch(/<system-out>time budget reached: this check judged fewer examples than asked/)
  },
  scaledMs(150_000),
)
