import { runMockCli } from '../cli/run-mock-cli.ts'

process.exitCode = await runMockCli(process.argv.slice(2), process.env, 'npm start --')
