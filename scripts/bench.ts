import { runBench } from '../bench/run-bench.ts'
import { runCli } from '../shared/run-cli.ts'

process.exitCode = await runCli(() => runBench(process.argv.slice(2)))
