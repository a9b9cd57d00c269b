import { runFuzzCli } from '../test/fuzz/run-fuzz-cli.ts'

process.exitCode = await runFuzzCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
