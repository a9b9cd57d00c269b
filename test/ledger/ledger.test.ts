import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { responseChecks } from '../../contract-tests/checks/registry.ts'
import { exploreOptions } from '../../contract-tests/generate/explore-options.ts'
import { requestAnswered } from '../../contract-tests/run/request-answered.ts'
import { selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import { dimensionView, withView } from './dimension-view.ts'
import { ledgerVariants } from './ledger-variants.ts'
import { bindings, ledgerTotals, otherSectionIds, readLedger, sharedIds } from './read-ledger.ts'

const rows = readLedger()
const variants = new Map([...ledgerVariants].map(([name, variant]) => [name, variant.caughtBy]))
// The registry's checks, the scenarios' and the finer ones a scenario reports under (each a faulty variant's).
const checkNames = new Set([
  ...responseChecks.map((check) => check.name),
  requestAnswered,
  ...selectScenarios([], exploreOptions({ seed: 1 })).flatMap((group) => group.scenarios.map(({ check }) => check)),
  ...variants.values(),
])

it('has exactly one row for every section, keyword sentence and interface statement, and no other', () => {
  const ids = rows.map((row) => row.id)
  const expected = [...sharedIds(), ...otherSectionIds]
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
  expect(
    expected.filter((id) => !ids.includes(id)),
    'ids without a row',
  ).toEqual([])
  expect(
    ids.filter((id) => !expected.includes(id)),
    'rows of no known id',
  ).toEqual([])
})

it('says of every row whom it binds and at which level, and why a row that does not apply does not', () => {
  for (const row of rows) {
    expect(
      row.binds.filter((who) => !(bindings as ReadonlyArray<string>).includes(who)),
      row.id,
    ).toEqual([])
    expect(row.binds.length, row.id).toBeGreaterThan(0)
    expect(['violation', 'deviation', 'n/a'], row.id).toContain(row.level)
    expect(row.requirement, row.id).not.toBe('')
    if (row.level === 'n/a') expect(row.note, `${row.id}: why it does not apply`).not.toBe('')
  }
})

it('names for every row that applies the check that exercises it, or the gap in words', () => {
  for (const row of rows.filter(({ level }) => level !== 'n/a')) {
    if (row.checks.length === 0)
      expect(row.note, `${row.id}: a gap says what a check would do`).toMatch(/^(gap|no duty):/)
    expect(
      row.checks.filter((check) => !checkNames.has(check)),
      `${row.id}: checks the suite has`,
    ).toEqual([])
  }
})

it('names only faulty variants that exist and that a check of the same row catches', () => {
  for (const row of rows) {
    for (const name of row.variants) {
      expect(variants.has(name), `${row.id}: ${name} is a faulty variant`).toBe(true)
      expect(row.checks, `${row.id}: ${name} is caught by ${variants.get(name)}`).toContain(variants.get(name))
    }
  }
})

it('states its totals in docs/ledger.md as the rows give them', () => {
  const page = readFileSync(new URL('../../docs/ledger.md', import.meta.url), 'utf8')
  for (const [name, value] of Object.entries(ledgerTotals(rows)))
    expect(page, `docs/ledger.md: the ${name} total`).toContain(`<!-- ${name} -->${value}`)
})

it('shows the dimensions table of docs/exploration-dimensions.md as a view of the ledger (npm run ledger:view)', () => {
  const page = readFileSync(new URL('../../docs/exploration-dimensions.md', import.meta.url), 'utf8')
  expect(withView(page, dimensionView(rows, ledgerVariants))).toBe(page)
})
