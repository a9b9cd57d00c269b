import { runSuiteCli } from '../contract-tests/cli/run-suite-cli.ts'
import type { CliIo } from '../shared/run-cli.ts'
import { mockTargets } from './mock-targets.ts'

/**
 * `npm run contract` and `petstore-contract`: the suite's command line with the mock for `--target mock`,
 * `--target local` and `--compare-with mock`. Returns the exit code; never throws (see `runSuiteCli`).
 * `command` is what the usage line of `--help` calls it.
 * @example process.exitCode = await runContractCli(process.argv.slice(2), process.env, consoleIo, 'petstore-contract')
 */
export function runContractCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
  command = 'npm run contract --',
): Promise<number> {
  return runSuiteCli(argv, env, io, mockTargets, command)
}
