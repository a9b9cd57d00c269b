import type { KindFigures, RoundResult } from './bench-report.ts'
import { median } from './median.ts'

/**
 * One target's figures for one request: the median of each figure over the rounds (each taken on
 * its own, so p99 is the median round's p99, not a p99 over all rounds), every round kept.
 * @example summarizeRounds([first, second]).requestsPerSecond
 */
export function summarizeRounds(rounds: Array<RoundResult>): KindFigures {
  const otherCpu = rounds.map((round) => round.otherCpuPercent).filter((share) => share !== null)
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    otherCpuMaxPercent: otherCpu.length === 0 ? null : Math.max(...otherCpu),
    serverCpuPercent: medianOrNull(rounds.map((round) => round.serverCpuPercent)),
    serverCpuMicrosecondsPerRequest: medianOrNull(rounds.map((round) => round.serverCpuMicrosecondsPerRequest)),
    rounds,
  }
}

function medianOrNull(values: Array<number | null>): number | null {
  const known = values.filter((value) => value !== null)
  return known.length === 0 ? null : median(known)
}
