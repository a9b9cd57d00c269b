import { consoleIo } from '../shared/run-cli.ts'
import { runFuzzCli } from '../test/fuzz/run-fuzz-cli.ts'

process.exitCode = await runFuzzCli(process.argv.slice(2), process.env, consoleIo)
