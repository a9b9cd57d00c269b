import { consoleIo } from '../shared/run-cli.ts'
import { runMutationCli } from '../test/mutation/run-mutation-cli.ts'

process.exitCode = await runMutationCli(process.argv.slice(2), consoleIo)
