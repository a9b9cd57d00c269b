#!/usr/bin/env node
// `petstore-contract`: the contract suite, as `npm run contract` runs it in this repository.
import { runContractCli } from '../contract-tests/cli/run-contract-cli.ts'
import { consoleIo } from '../mocks/cli/run-cli.ts'

process.exitCode = await runContractCli(process.argv.slice(2), process.env, consoleIo, 'petstore-contract')
