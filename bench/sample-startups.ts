import { median } from './median.ts'
import type { BenchTarget } from './start-bench-target.ts'
import { waitForQuiet } from './wait-for-quiet.ts'

export interface StartupSamples {
  /** The last target started, left running for the load rounds. */
  target: BenchTarget
  samplesMs: Array<number>
  /** Median spawn-to-ready-line time, or null for a server that prints no ready line. */
  readyLineMs: number | null
}

/**
 * Starts a target `samples` times to time its start-up, stopping all but the last, which is returned
 * running. With `quiet`, each start waits for a quiet machine first: someone's build would add
 * hundreds of ms.
 * @example const { target, samplesMs } = await sampleStartups(() => startBenchTarget('ours', paths), { samples: 3,
 *   quiet: true })
 */
export async function sampleStartups(
  start: () => Promise<BenchTarget>,
  { samples, quiet }: { samples: number; quiet: boolean },
): Promise<StartupSamples> {
  const samplesMs: Array<number> = []
  const readyLines: Array<number> = []
  for (let sample = 0; ; sample++) {
    if (quiet) await waitForQuiet({ thresholdPercent: 10, maxWaitMs: 10_000 })
    const target = await start()
    samplesMs.push(target.startupMs)
    if (target.readyLineMs !== undefined) readyLines.push(target.readyLineMs)
    if (sample >= samples - 1)
      return { target, samplesMs, readyLineMs: readyLines.length === 0 ? null : median(readyLines) }
    await target.stop()
  }
}
