import { spawn } from 'node:child_process'

/** How a contract command run in a child process ended. */
export interface ContractChildRun {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

/**
 * Runs `node <nodeArgs>` as a contract command runs for a user: none of the suite's variables from this
 * environment (key, staging and production URLs), only those in `env`; killed after `timeoutMs`.
 * @example const { code, stdout } = await runContractChild(['--import', 'tsx', 'scripts/contract.ts'], {}, 60_000)
 */
export function runContractChild(
  nodeArgs: Array<string>,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<ContractChildRun> {
  const started = Date.now()
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PETSTORE_API_KEY: undefined,
      PETSTORE_STAGING_URL: undefined,
      PETSTORE_PRODUCTION_URL: undefined,
      PETSTORE_MESSAGES_URL: undefined,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, ms: Date.now() - started })
    })
  })
}
