import type { ProvingVariant } from './ledger-variants.ts'
import type { LedgerRow } from './read-ledger.ts'

/** Where the view stands in docs/exploration-dimensions.md: the text between these is written, never edited by hand. */
export const viewMarkers = { start: '<!-- ledger view: start -->', end: '<!-- ledger view: end -->' } as const

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

/**
 * The dimensions table as a view of the ledger: one row per faulty variant the ledger names, in the order the
 * ledger first names them (interface, then the RFCs by file), with its one defect, the check that must catch it
 * and every ledger row it proves. `npm run ledger:view` writes it; the ledger test fails when it differs.
 * @example dimensionView(readLedger(), ledgerVariants)
 */
export function dimensionView(rows: ReadonlyArray<LedgerRow>, variants: ReadonlyMap<string, ProvingVariant>): string {
  const named = [...new Set(rows.flatMap((row) => row.variants))]
  const lines = named.map((name) => {
    const variant = variants.get(name)
    const proves = rows.filter((row) => row.variants.includes(name)).map((row) => row.id)
    const served = variant && ('handle' in variant || 'start' in variant) ? ' (served over HTTP)' : ''
    const level = variant?.deviation ? ' (a deviation)' : ''
    return (
      `| \`${name}\` | ${cell(variant?.description ?? 'no such variant')}${served} | ` +
      `\`${variant?.caughtBy ?? '?'}\`${level} | ${proves.join(', ')} |`
    )
  })
  return [
    viewMarkers.start,
    '| Faulty variant | Its one defect | Caught by | Ledger rows it proves |',
    '|---|---|---|---|',
    ...lines,
    viewMarkers.end,
  ].join('\n')
}

/**
 * `text` with the part between the view's markers replaced by `view` (markers included).
 * @throws Error when the markers are missing
 */
export function withView(text: string, view: string): string {
  const start = text.indexOf(viewMarkers.start)
  const end = text.indexOf(viewMarkers.end)
  if (start < 0 || end < start) throw new Error(`no ${viewMarkers.start} … ${viewMarkers.end} in the text`)
  return text.slice(0, start) + view + text.slice(end + viewMarkers.end.length)
}
