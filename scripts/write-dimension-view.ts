import { readFileSync, writeFileSync } from 'node:fs'
import { dimensionView, withView } from '../test/ledger/dimension-view.ts'
import { ledgerVariants } from '../test/ledger/ledger-variants.ts'
import { readLedger } from '../test/ledger/read-ledger.ts'

// Writes the dimensions table of docs/exploration-dimensions.md from the ledger (`npm run ledger:view`).
const file = new URL('../docs/exploration-dimensions.md', import.meta.url)
const text = readFileSync(file, 'utf8')
writeFileSync(file, withView(text, dimensionView(readLedger(), ledgerVariants)))
console.log('docs/exploration-dimensions.md: the dimensions table written from docs/ledger/*.tsv')
