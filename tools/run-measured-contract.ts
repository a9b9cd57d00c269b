import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ContractChildRun, runContractChild } from './run-contract-child.ts'
import { scaledMs } from './time-scale.ts'

/** `npm run contract`, as users run it. */
const entry = fileURLToPath(new URL('../scripts/contract.ts', import.meta.url))
const preload = fileURLToPath(new URL('./peak-rss-on-exit.ts', import.meta.url))

export interface MeasuredRun extends ContractChildRun {
  /** The child's peak resident memory, in MB. */
  peakRssMb: number
}

/**
 * Runs the contract command in a child process (no key in its environment but the ones given) and measures it:
 * exit code, output, wall time and peak RSS.
 * @example const { code, peakRssMb } = await runMeasuredContract(['--base-url', url, '--api-key', key])
 */
export async function runMeasuredContract(args: Array<string>, timeoutMs = scaledMs(120_000)): Promise<MeasuredRun> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-rss-'))
  const rssFile = join(dir, 'peak-rss')
  const nodeArgs = ['--import', 'tsx', '--import', preload, entry, ...args]
  const { code, stdout, stderr, ms } = await runContractChild(nodeArgs, { PETSTORE_PEAK_RSS_FILE: rssFile }, timeoutMs)
  try {
    const peakRssMb = Number(await readFile(rssFile, 'utf8')) / 1024
    return { code, stdout, stderr, ms, peakRssMb }
  } catch {
    throw new Error(`Failed to measure the contract run: expected its peak RSS in ${rssFile}, got none. ${stderr}`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
