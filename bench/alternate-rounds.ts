/**
 * Runs `measure` for every target in each round, one target under load at a time, in mirrored order: the
 * targets as given in even rounds, reversed in odd ones (A B C, C B A, A B C, …). Neighbours in the list are
 * measured side by side in every round, each first as often as the other (A B, B A: an ABBA design), so a
 * steady drift of the machine's speed favours neither, and no target always runs first on a cold machine.
 * @example const runs = await alternateRounds(['ours', 'bare', 'prism'], 4, (name) => runAutocannon(...))
 */
export async function alternateRounds<T, R>(
  targets: ReadonlyArray<T>,
  rounds: number,
  measure: (target: T, round: number) => Promise<R>,
): Promise<Map<T, Array<R>>> {
  const results = new Map<T, Array<R>>(targets.map((target) => [target, []]))
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse()
    for (const target of order) results.get(target)?.push(await measure(target, round))
  }
  return results
}
