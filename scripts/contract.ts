import { runContractCli } from '../cli/run-contract-cli.ts'
import { consoleIo } from '../shared/run-cli.ts'

process.exitCode = await runContractCli(process.argv.slice(2), process.env, consoleIo)
