#!/usr/bin/env -S node --no-memory-reducer
// `petstore-mock`: the standalone server, as `npm start` runs it in this repository.
import { runMockCli } from '../mocks/cli/run-mock-cli.ts'

process.exitCode = await runMockCli(process.argv.slice(2), process.env, 'petstore-mock')
