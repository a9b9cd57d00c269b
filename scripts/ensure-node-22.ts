import { runCli } from '../shared/run-cli.ts'
import { ensureNode22 } from '../tools/ensure-node-22.ts'

// Prints the folder of a Node 22 binary (this Node's when it is 22.12 or later, else one installed from the npm
// registry), for CI to put first on PATH: `PATH="$(node --import tsx scripts/ensure-node-22.ts):$PATH" npm …`.
process.exitCode = await runCli(async () => {
  console.log(await ensureNode22())
})
