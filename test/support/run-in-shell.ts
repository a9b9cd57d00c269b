import { execFile } from 'node:child_process'
import { scaledMs } from '../../tools/time-scale.ts'

/** What a command printed, and how it ended. */
export interface ShellOutcome {
  stdout: string
  stderr: string
  code: number | null
}

/**
 * Runs a command line in a shell (`/bin/sh` is POSIX sh, dash here; `bash`) with `env` added to the environment,
 * killed after `timeoutMs`; its output read as Latin-1 (one character a byte), capped at 8 MB.
 * @example const { stdout } = await runInShell('bash', "curl -sS -i 'http://127.0.0.1:4010/v1/pets'", {})
 */
export function runInShell(
  shell: 'sh' | 'bash',
  command: string,
  env: Record<string, string>,
  timeoutMs = scaledMs(10_000),
): Promise<ShellOutcome> {
  return new Promise((resolve) => {
    execFile(
      shell,
      ['-c', command],
      { env: { ...process.env, ...env }, timeout: timeoutMs, encoding: 'latin1', maxBuffer: 8_000_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? null : 0
        resolve({ stdout, stderr, code })
      },
    )
  })
}
