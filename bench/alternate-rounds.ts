/**
 * Runs `measure` for every target in each round, starting each round one target later (A B C,
 * then B C A, …), so that no target always follows the same one or always runs first on a cold
 * machine. Sequential: only one target is under load at a time.
 * @example const runs = await alternateRounds(['ours', 'prism', 'bare'], 2, (name) => runAutocannon(...))
 */
export async function alternateRounds<T, R>(
  targets: ReadonlyArray<T>,
  rounds: number,
  measure: (target: T, round: number) => Promise<R>,
): Promise<Map<T, Array<R>>> {
  const results = new Map<T, Array<R>>(targets.map((target) => [target, []]))
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < targets.length; step++) {
      const target = targets[(round + step) % targets.length] as T
      results.get(target)?.push(await measure(target, round))
    }
  }
  return results
}
