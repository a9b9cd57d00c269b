import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { scaledMs } from '../../tools/time-scale.ts'

const script = fileURLToPath(new URL('../../scripts/contract.ts', import.meta.url))

/**
 * Runs `npm run contract` as a user would (a child process), returning its exit code and output.
 * @example const { code, stdout } = await runContractProcess(['--target', 'local'])
 */
export function runContractProcess(
  args: Array<string>,
  env: Record<string, string | undefined> = {},
  timeoutMs = scaledMs(60_000),
): Promise<{
  code: number | null
  stdout: string
  stderr: string
  ms: number
  /** Each stderr line with when it arrived, in ms after the start: progress is printed as the run goes. */
  stderrLines: Array<{ ms: number; line: string }>
}> {
  const started = Date.now()
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
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
  const stderrLines: Array<{ ms: number; line: string }> = []
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => {
    const ms = Date.now() - started
    const complete = `${stderr.slice(stderr.lastIndexOf('\n') + 1)}${chunk}`.split('\n').slice(0, -1)
    stderr += chunk
    for (const line of complete) stderrLines.push({ ms, line })
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, ms: Date.now() - started, stderrLines })
    })
  })
}
