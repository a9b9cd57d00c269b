/**
 * The middle value (the mean of the two middle ones for an even count); NaN for none.
 * @example median([3, 1, 2]) // 2
 */
export function median(values: ReadonlyArray<number>): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
