import type { RoundResult } from './bench-report.ts'
import { readProcessCpu } from './read-process-cpu.ts'
import { type LoadRequest, runAutocannon } from './run-autocannon.ts'
import { waitForQuiet } from './wait-for-quiet.ts'
import { watchOtherCpu } from './watch-other-cpu.ts'

export interface RoundOptions {
  connections: number
  durationSeconds: number
  /** Attempts at most, when other programs took more than `quietPercent` of the CPU. Default 1. */
  attempts?: number
  /** What counts as undisturbed, in % of the machine's CPU. Default 10. */
  quietPercent?: number
  log?: (line: string) => void
}

/**
 * One measurement: autocannon against one target, with how much CPU anything else took meanwhile
 * (the bench and the target excepted). On a shared machine it first waits (20 s at most) for
 * other programs to go quiet, and a disturbed round is run again up to `attempts` times in all;
 * the least disturbed attempt is kept, so a busy neighbour lowers no figure silently.
 * @example const round = await measureRound(target, [request], { connections: 32, durationSeconds: 10, attempts: 3 })
 */
export async function measureRound(
  target: { origin: string; pid: number },
  requests: ReadonlyArray<LoadRequest>,
  options: RoundOptions,
): Promise<RoundResult> {
  const { connections, durationSeconds, attempts = 1, quietPercent = 10, log } = options
  let kept: RoundResult | undefined
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempts > 1) await waitForQuiet({ thresholdPercent: quietPercent, maxWaitMs: 20_000 })
    const watch = watchOtherCpu([process.pid, target.pid])
    const cpuBefore = readProcessCpu(target.pid)
    const result = await runAutocannon({ origin: target.origin, requests, connections, durationSeconds })
    const cpuAfter = readProcessCpu(target.pid)
    const serverCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore
    const round: RoundResult = {
      ...result,
      otherCpuPercent: watch.stop(),
      serverCpuPercent: serverCpu === undefined ? null : (serverCpu / durationSeconds) * 100,
      serverCpuMicrosecondsPerRequest:
        serverCpu === undefined || result.totalRequests === 0 ? null : (serverCpu / result.totalRequests) * 1e6,
      attempts: attempt,
    }
    if (kept === undefined || (round.otherCpuPercent ?? 0) < (kept.otherCpuPercent ?? 0)) kept = { ...round }
    kept.attempts = attempt
    if ((round.otherCpuPercent ?? 0) <= quietPercent) break
    if (attempt < attempts)
      log?.(
        `  other programs took ${round.otherCpuPercent?.toFixed(1)}% of the CPU ` +
          `(${Math.round(round.requestsPerSecond)} req/s); measuring again`,
      )
  }
  return kept as RoundResult
}
