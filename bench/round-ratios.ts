import type { RoundResult } from './bench-report.ts'
import { median } from './median.ts'

/**
 * One ratio per round, each from ours and another target measured side by side in that round (`alternateRounds`
 * runs them next to each other), so a slow stretch of the machine weighs on both sides of the same ratio.
 * `ratio` defaults to req/s of ours over the other's. Empty when the rounds do not pair up.
 * @example roundRatios(ours.rounds, bare.rounds) // [0.89, 1.06, 0.87]
 */
export function roundRatios(
  ours: ReadonlyArray<RoundResult>,
  other: ReadonlyArray<RoundResult>,
  ratio: (ours: RoundResult, other: RoundResult) => number = byThroughput,
): Array<number> {
  if (ours.length === 0 || ours.length !== other.length) return []
  return ours.map((round, index) => ratio(round, other[index] as RoundResult))
}

/**
 * The median of `roundRatios`, the figure a ratio of the bench stands for: a slow stretch of the machine, which
 * lowers both sides of a round, moves it far less than either side. Rounds whose ratio is unknown (NaN) are left
 * out; NaN when none is known.
 * @example medianRoundRatio(ours.rounds, bare.rounds) // 0.89
 */
export function medianRoundRatio(
  ours: ReadonlyArray<RoundResult>,
  other: ReadonlyArray<RoundResult>,
  ratio: (ours: RoundResult, other: RoundResult) => number = byThroughput,
): number {
  return median(roundRatios(ours, other, ratio).filter(Number.isFinite))
}

/** Ours over the other in req/s. */
export function byThroughput(ours: RoundResult, other: RoundResult): number {
  return ours.requestsPerSecond / other.requestsPerSecond
}

/** The other's server CPU per request over ours: the ratio if the server alone set the pace; NaN unknown. */
export function byServerCpu(ours: RoundResult, other: RoundResult): number {
  return (other.serverCpuMicrosecondsPerRequest ?? Number.NaN) / (ours.serverCpuMicrosecondsPerRequest ?? Number.NaN)
}
