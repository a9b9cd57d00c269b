import { runBench } from '../bench/run-bench.ts'
import { runCli } from '../mocks/cli/run-cli.ts'

process.exitCode = await runCli(() => runBench(process.argv.slice(2)))
