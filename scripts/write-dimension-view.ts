import { readFileSync, writeFileSync } from 'node:fs'
import { dimensionView, withView } from '../test/ledger/dimension-view.ts'
import { ledgerVariants } from '../test/ledger/ledger-variants.ts'
import { ledgerTotals, readLedger } from '../test/ledger/read-ledger.ts'

// Writes the views of the ledger (`npm run ledger:view`): the dimensions table of docs/exploration-dimensions.md and
// the totals of docs/ledger.md, each from docs/ledger/*.tsv.
const rows = readLedger()
const dimensions = new URL('../docs/exploration-dimensions.md', import.meta.url)
writeFileSync(dimensions, withView(readFileSync(dimensions, 'utf8'), dimensionView(rows, ledgerVariants)))
const ledger = new URL('../docs/ledger.md', import.meta.url)
let page = readFileSync(ledger, 'utf8')
for (const [name, value] of Object.entries(ledgerTotals(rows)))
  page = page.replace(new RegExp(`<!-- ${name} -->\\d+`), `<!-- ${name} -->${value}`)
writeFileSync(ledger, page)
console.log('docs/exploration-dimensions.md and docs/ledger.md: the view and the totals written from docs/ledger/*.tsv')
