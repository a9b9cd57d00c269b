import { parseArgs } from 'node:util'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { runVariant } from '../variants/run-variant.ts'
import { ledgerVariants } from './ledger-variants.ts'

// `node --import tsx test/ledger/run-ledger-variant.ts NAME SEED [--only CHECK ...]`: one proof run of a ledger
// variant, its result as JSON on stdout. run-proving-variant.ts runs it in a process of its own where the run must
// trust the test authority (NODE_EXTRA_CA_CERTS, read once as node starts).
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string', multiple: true } },
})
const [name = '', seed = '1'] = positionals
const variant = ledgerVariants.get(name)
if (!variant) {
  console.error(`No ledger variant named ${JSON.stringify(name)}.`)
  process.exit(2)
}
const result = await runVariant(variant, Number(seed), { only: values.only })
process.stdout.write(`${stringifyJson(result)}\n`, () => process.exit(0))
