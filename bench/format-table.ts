/**
 * Rows as aligned plain-text columns: the first column left-aligned, the others right-aligned
 * (they hold figures), two spaces apart.
 * @example formatTable([['target', 'req/s'], ['ours', '12,000']])
 */
export function formatTable(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const widths: Array<number> = []
  for (const row of rows) {
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, cell.length)
  }
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
