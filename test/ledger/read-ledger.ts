import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ledgerFolder = fileURLToPath(new URL('../../docs/ledger/', import.meta.url))
const standardsFolder = fileURLToPath(new URL('../../../shared/standards/', import.meta.url))

/** Whom a text binds, as the ledger names it. */
export const bindings = [
  'origin-server',
  'client',
  'intermediary',
  'cache',
  'user-agent',
  'recipient',
  'sender',
  'none',
] as const

/** One row of the ledger (docs/ledger/*.tsv): one requirement, section or statement, and how the suite judges it. */
export interface LedgerRow {
  /** The id of the shared files (`RFC9110-S8.3.1`, `RFC9110-9.1.r1`, `IF-L7`), or `RFC8259-S2` and the like. */
  id: string
  binds: Array<string>
  requirement: string
  level: 'violation' | 'deviation' | 'n/a'
  checks: Array<string>
  variants: Array<string>
  note: string
  /** The ledger file it stands in. */
  file: string
}

const list = (cell: string) =>
  cell
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** Every row of every ledger file, in file order; throws naming the line of a row that has not seven fields. */
export function readLedger(): Array<LedgerRow> {
  return readdirSync(ledgerFolder)
    .filter((name) => name.endsWith('.tsv'))
    .flatMap((file) => {
      const lines = readFileSync(`${ledgerFolder}${file}`, 'utf8').trimEnd().split('\n').slice(1)
      return lines.map((line, index) => {
        const cells = line.split('\t')
        if (cells.length !== 7) throw new Error(`docs/ledger/${file}:${index + 2} has ${cells.length} fields, not 7`)
        const [id = '', binds = '', requirement = '', level = '', checks = '', variants = '', note = ''] = cells
        return {
          id,
          binds: list(binds),
          requirement,
          level: level as LedgerRow['level'],
          checks: list(checks),
          variants: list(variants),
          note,
          file,
        }
      })
    })
}

/** Every id of the shared standards folder: sections, keyword sentences and interface statements. */
export function sharedIds(): Array<string> {
  return readdirSync(standardsFolder)
    .filter((name) => name.endsWith('.tsv'))
    .flatMap((name) =>
      readFileSync(`${standardsFolder}${name}`, 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[0] as string),
    )
}

/**
 * The sections of the standards the shared folder does not copy that the ledger accounts for: RFC 8259 (2 to
 * 10), RFC 6750 (2.1 and 3), RFC 3986 (2, 3.3, 3.4, 6.2) and RFC 3339 (5.6).
 */
export const otherSectionIds: ReadonlyArray<string> = [
  ...['2', '3', '4', '5', '6', '7', '8', '9', '10'].map((section) => `RFC8259-S${section}`),
  'RFC6750-S2.1',
  'RFC6750-S3',
  ...['2', '3.3', '3.4', '6.2'].map((section) => `RFC3986-S${section}`),
  'RFC3339-S5.6',
]

/** The ledger's totals, as docs/ledger.md states them. */
export function ledgerTotals(rows: ReadonlyArray<LedgerRow>) {
  const applying = rows.filter((row) => row.level !== 'n/a')
  const checked = applying.filter((row) => row.checks.length > 0)
  return {
    rows: rows.length,
    applying: applying.length,
    violations: applying.filter((row) => row.level === 'violation').length,
    deviations: applying.filter((row) => row.level === 'deviation').length,
    checked: checked.length,
    proven: checked.filter((row) => row.variants.length > 0).length,
    gaps: applying.length - checked.length,
    violationGaps: applying.filter((row) => row.level === 'violation' && row.checks.length === 0).length,
    violationsUnproven: checked.filter((row) => row.level === 'violation' && row.variants.length === 0).length,
    deviationGaps: applying.filter((row) => row.level === 'deviation' && row.checks.length === 0).length,
    checks: new Set(rows.flatMap((row) => row.checks)).size,
    variants: new Set(rows.flatMap((row) => row.variants)).size,
  }
}
