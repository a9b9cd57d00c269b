import { spawn } from 'node:child_process'
import { scaledMs } from '../../tools/time-scale.ts'
import { withoutNpmVariables } from '../../tools/without-npm-variables.ts'

export interface CommandResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a command in a consumer project as its user would, without the npm_* variables of the `npm test`
 * that runs this file (they would point npm at this repository). Killed after `timeoutMs`.
 * @example const { code, stdout } = await runCommand('npx', ['tsc', '-p', '.'], { cwd })
 */
export function runCommand(
  command: string,
  args: Array<string>,
  { cwd, env = {}, timeoutMs = scaledMs(180_000) }: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<CommandResult> {
  const child = spawn(command, args, { cwd, env: consumerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** This process's environment without npm's per-script variables, with `overrides` on top. */
export function consumerEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...withoutNpmVariables(process.env), ...overrides }
}
