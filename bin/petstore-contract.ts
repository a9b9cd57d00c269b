#!/usr/bin/env node
// `petstore-contract`: the contract suite, as `npm run contract` runs it in this repository. Its texts name the
// command as the user ran it (`npx petstore-contract` under npx).
import { runContractCli } from '../cli/run-contract-cli.ts'
import { invokedCommand } from '../shared/invoked-command.ts'
import { consoleIo } from '../shared/run-cli.ts'

const command = invokedCommand('petstore-contract', process.env)
process.exitCode = await runContractCli(process.argv.slice(2), process.env, consoleIo, command)
