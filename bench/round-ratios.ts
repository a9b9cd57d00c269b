import type { RequestComparison } from './bench-report.ts'

/**
 * Ours against bare round by round (each round's req/s over bare's in the same round), for a reader to see
 * how far apart the rounds behind a median land; empty with fewer than two rounds.
 * @example roundRatios(request) // [0.89, 1.06, 0.87]
 */
export function roundRatios(request: Pick<RequestComparison, 'figures'>): Array<number> {
  const ours = request.figures.ours?.rounds ?? []
  const bare = request.figures.bare?.rounds ?? []
  if (ours.length < 2 || ours.length !== bare.length) return []
  return ours.map((round, index) => round.requestsPerSecond / (bare[index]?.requestsPerSecond ?? Number.NaN))
}
