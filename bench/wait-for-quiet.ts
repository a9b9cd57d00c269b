import { setTimeout as delay } from 'node:timers/promises'
import { watchOtherCpu } from './watch-other-cpu.ts'

export interface QuietOptions {
  /** The most CPU, in % of the machine, that other programs may take for the machine to count as quiet. */
  thresholdPercent: number
  /** Give up (and measure anyway) after this long. */
  maxWaitMs: number
  /** Length of each look. Default 500 ms. */
  windowMs?: number
}

/**
 * Waits, for at most `maxWaitMs`, until other programs leave the machine alone for one window,
 * so a measurement does not start in the middle of someone's build. Resolves with how long it
 * waited and how busy the last window was (`null` without /proc).
 * @example await waitForQuiet({ thresholdPercent: 10, maxWaitMs: 20_000 })
 */
export async function waitForQuiet({
  thresholdPercent,
  maxWaitMs,
  windowMs = 500,
}: QuietOptions): Promise<{ waitedMs: number; otherCpuPercent: number | null }> {
  const started = performance.now()
  let otherCpuPercent: number | null = null
  do {
    const watch = watchOtherCpu([process.pid])
    await delay(windowMs)
    otherCpuPercent = watch.stop()
    if (otherCpuPercent === null || otherCpuPercent <= thresholdPercent) break
  } while (performance.now() - started < maxWaitMs)
  return { waitedMs: performance.now() - started, otherCpuPercent }
}
