import { fileURLToPath } from 'node:url'
import { type ContractChildRun, runContractChild } from '../../tools/run-contract-child.ts'

const script = fileURLToPath(new URL('../../scripts/contract.ts', import.meta.url))

/**
 * Runs `npm run contract` as a user would (a child process), returning its exit code and output.
 * @example const { code, stdout } = await runContractProcess(['--target', 'local'])
 */
export function runContractProcess(
  args: Array<string>,
  env: Record<string, string | undefined> = {},
  timeoutMs = 60_000,
): Promise<ContractChildRun> {
  return runContractChild(['--import', 'tsx', script, ...args], env, timeoutMs)
}
