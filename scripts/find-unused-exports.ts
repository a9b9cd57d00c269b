import { fileURLToPath } from 'node:url'
import { runCli } from '../shared/run-cli.ts'
import { packageEntryPoints, unusedExports } from '../tools/unused-exports.ts'

// node --import tsx scripts/find-unused-exports.ts [folder …] (default: the product, spec mocks contract-tests): the
// exports of those folders that no other file uses, the package's entry points aside. Exit code 1 when there is any.
// Part of npm run lint, so that the product stays at zero.
process.exitCode = await runCli(async () => {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const folders =
    process.argv.length > 2 ? process.argv.slice(2) : ['spec', 'shared', 'mocks', 'contract-tests', 'proxy', 'cli']
  const found = unusedExports(root, folders, packageEntryPoints(root))
  for (const { file, name, inFile } of found)
    console.log(`${file}: ${name} ${inFile ? 'is used only in its own file: drop the export' : 'is used nowhere'}`)
  console.log(`${found.length} unused export(s) in ${folders.join(', ')}`)
  return found.length === 0 ? 0 : 1
})
