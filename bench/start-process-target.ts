import { spawn } from 'node:child_process'
import { setTimeout as delay } from 'node:timers/promises'
import { watchChildProcess } from '../tools/watch-child-process.ts'
import { httpExchange } from './http-exchange.ts'
import { type ProcessMemory, readProcessMemory } from './read-process-memory.ts'

export interface ProcessTargetOptions {
  name: string
  /** What `node` runs: a script and its options. */
  args: Array<string>
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** The base URL when the port is chosen beforehand; else `readyPattern` reads it from stdout. */
  baseUrl?: string
  /** Captures the base URL from the line a server prints once it listens. */
  readyPattern?: RegExp
  /** Polled until it answers 2xx: start-up ends at that answer. */
  probe: { path: string; headers: Record<string, string> }
  /** Default 30 s. */
  timeoutMs?: number
}

export interface ProcessTarget {
  name: string
  pid: number
  baseUrl: string
  /** From spawn to the first 2xx answer of the probe. */
  startupMs: number
  /** From spawn to the ready line, where the server prints one. */
  readyLineMs: number | undefined
  memory(): ProcessMemory | undefined
  /** The last lines the process printed, for failure messages. */
  recentOutput(): string
  /** SIGTERM, then SIGKILL after 3 s; resolves once the process has exited. */
  stop(): Promise<void>
}

const pollIntervalMs = 5
const keptLines = 20

/**
 * Spawns `node <args>` and measures its start-up as a user sees it: from spawn to the first answered
 * request, polling every 5 ms until a bounded deadline. The process is killed if the bench exits
 * without stopping it.
 * @example const ours = await startProcessTarget({ name: 'ours', args: ['dist/scripts/serve.js', '--port', '0'],
 *   readyPattern: /ready: (\S+)/, probe })
 */
export async function startProcessTarget(options: ProcessTargetOptions): Promise<ProcessTarget> {
  const { name, args, cwd, env, readyPattern, probe, timeoutMs = 30_000 } = options
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let baseUrl = options.baseUrl
  let readyLineMs: number | undefined
  let announceReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (announceReady = resolve))

  const watched = watchChildProcess(child, {
    keptLines,
    onLine: (line) => {
      const url = readyPattern?.exec(line)?.[1]
      if (url === undefined || baseUrl !== undefined) return
      baseUrl = url
      readyLineMs = performance.now() - started
      announceReady()
    },
  })
  // A process that dies before its ready line must not keep the wait below waiting.
  void watched.exited.then(announceReady)
  const { recentOutput } = watched
  const stop = (): Promise<void> => watched.stop(3_000)

  const deadline = started + timeoutMs
  let problem = 'no answer'
  while (performance.now() < deadline && watched.exitReason() === undefined) {
    if (baseUrl === undefined) {
      await Promise.race([ready, delay(pollIntervalMs)])
      continue
    }
    try {
      const answer = await httpExchange({
        method: 'GET',
        url: `${baseUrl}${probe.path}`,
        headers: probe.headers,
        timeoutMs: 1_000,
      })
      if (answer.status >= 200 && answer.status < 300) {
        const startupMs = performance.now() - started
        return {
          name,
          pid: child.pid ?? 0,
          baseUrl,
          startupMs,
          readyLineMs,
          memory: () => readProcessMemory(child.pid ?? 0),
          recentOutput,
          stop,
        }
      }
      problem = `status ${answer.status}`
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error)
    }
    await delay(pollIntervalMs)
  }
  const exit = watched.exitReason()
  const got = exit === undefined ? `${problem} within ${timeoutMs} ms` : `${exit} before it answered`
  await stop()
  throw new Error(
    `Failed to start ${name}: expected a 2xx answer to GET ${probe.path}, got ${got}. Last output: ` +
      `${recentOutput() || '(none)'}`,
  )
}
