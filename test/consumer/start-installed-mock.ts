import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { consumerEnv } from './run-command.ts'

export interface InstalledMock {
  port: number
  /** Everything npx and the server printed so far. */
  output(): string
  /** Sends a signal to npx's own pid only, as `kill $!` after `npx petstore-mock &` does. */
  signalNpx(signal: NodeJS.Signals): void
  /** Sends a signal to npx's process group (npm, its shell, the server), as a terminal's Ctrl+C does. */
  signalGroup(signal: NodeJS.Signals): void
  npxExited: Promise<unknown>
  /** SIGKILL to npx's whole process group, the server included: the clean-up after a test. */
  kill(): void
}

/** The clean-up of every mock started and not yet killed: `killInstalledMocks` runs them, whatever happened. */
const running = new Set<() => void>()

/**
 * SIGKILL to the process group of every mock `startInstalledMock` started: the clean-up of a test file.
 * @example afterAll(killInstalledMocks)
 */
export function killInstalledMocks(): void {
  for (const kill of running) kill()
}

/**
 * `npx petstore-mock --port 0 …` in a consumer project, resolved once the server says it is ready, on which port.
 * @example const mock = await startInstalledMock(dir, path, ['--api-key', key]); … mock.kill()
 * @throws Error with what it printed when it exits before it is ready
 */
export async function startInstalledMock(dir: string, path: string, args: Array<string>): Promise<InstalledMock> {
  // Its own process group, so that the clean-up reaches the server even once npx is gone.
  const npx = spawn('npx', ['petstore-mock', '--port', '0', ...args], {
    cwd: dir,
    env: consumerEnv({ PATH: path }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  let port = 0
  const npxExited = once(npx, 'exit')
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (npx.pid === undefined) return
    try {
      process.kill(-npx.pid, signal)
    } catch {
      // The group is gone already.
    }
  }
  const kill = (): void => {
    signalGroup('SIGKILL')
    running.delete(kill)
  }
  running.add(kill)
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk
      port = Number(/ready: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1] ?? 0)
      if (port > 0) resolve()
    }
    npx.stdout.on('data', read)
    npx.stderr.on('data', read)
    void npxExited.then(() => reject(new Error(`npx petstore-mock exited before it was ready: ${output}`)))
  }).catch((error: unknown) => {
    kill()
    throw error
  })
  return { port, output: () => output, signalNpx: (signal) => npx.kill(signal), signalGroup, npxExited, kill }
}
