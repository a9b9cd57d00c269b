/**
 * A figure for tables: thousands separators, a fixed number of decimals, `n/a` for a figure that
 * could not be measured.
 * @example formatNumber(12345.6) // '12,346'; formatNumber(0.834, 2) // '0.83'
 */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a'
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
}
