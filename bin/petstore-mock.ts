#!/usr/bin/env -S node --no-memory-reducer
import { runMockCli } from '../cli/run-mock-cli.ts'
// `petstore-mock`: the standalone server, as `npm start` runs it in this repository. Its texts name the command as
// the user ran it (`npx petstore-mock` under npx).
import { invokedCommand } from '../shared/invoked-command.ts'

process.exitCode = await runMockCli(process.argv.slice(2), process.env, invokedCommand('petstore-mock', process.env))
