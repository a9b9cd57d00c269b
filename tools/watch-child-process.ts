import type { ChildProcess } from 'node:child_process'

export interface WatchedProcess {
  /** The last lines the process printed (stdout and stderr), for failure messages. */
  recentOutput(): string
  /** How the process ended (`exit code 1`, `signal SIGKILL`, a spawn error), or undefined while it runs. */
  exitReason(): string | undefined
  /** Settles once the process has exited or failed to spawn. */
  exited: Promise<void>
  /** SIGTERM, then SIGKILL when it has not exited within `graceMs`; resolves once it has exited. */
  stop(graceMs: number): Promise<void>
}

// Colour codes, in case the environment forces colour on a pipe.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
const ansiPattern = /\x1b\[[0-9;]*m/g

/**
 * Watches a spawned server process: drains both pipes (a chatty process never blocks on a full one),
 * keeps the last `keptLines` lines, hands each line to `onLine`, records how it exited, and kills it if
 * this process exits without stopping it.
 * @example const watched = watchChildProcess(spawn(cmd, args), { keptLines: 20, onLine: (line) => … })
 */
export function watchChildProcess(
  child: ChildProcess,
  { keptLines, onLine }: { keptLines: number; onLine?: (line: string) => void },
): WatchedProcess {
  const lines: Array<string> = []
  let pending = ''
  const keep = (chunk: Buffer): void => {
    const parts = (pending + chunk.toString('utf8').replace(ansiPattern, '')).split('\n')
    pending = parts.pop() ?? ''
    if (onLine) for (const line of parts) onLine(line)
    lines.push(...parts)
    if (lines.length > keptLines) lines.splice(0, lines.length - keptLines)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)

  let exit: string | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = signal ? `signal ${signal}` : `exit code ${code}`
      resolve()
    })
    child.once('error', (error) => {
      exit = error.message
      resolve()
    })
  })
  const killOnExit = (): void => {
    child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)

  return {
    recentOutput: () => [...lines, pending].filter((line) => line.trim() !== '').join('\n'),
    exitReason: () => exit,
    exited,
    async stop(graceMs) {
      process.off('exit', killOnExit)
      if (exit !== undefined) return
      child.kill('SIGTERM')
      if (await settlesWithin(exited, graceMs)) return
      child.kill('SIGKILL')
      await settlesWithin(exited, 2_000)
    },
  }
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer))
}
