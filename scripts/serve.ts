import { runMockCli } from '../mocks/cli/run-mock-cli.ts'

await runMockCli(process.argv.slice(2), process.env, 'npm start --')
