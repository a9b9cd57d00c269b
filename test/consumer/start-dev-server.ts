import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { consumerEnv } from './run-command.ts'

export interface DevServer {
  /** The URL it printed, `http://localhost:PORT/`. */
  url: string
  /** Everything it printed so far. */
  output(): string
  /** SIGKILL to its process group (npx, its shell, Vite): the clean-up after a test. */
  kill(): void
}

/** The clean-up of every dev server started and not yet killed: `killDevServers` runs them, whatever happened. */
const running = new Set<() => void>()

/**
 * SIGKILL to the process group of every dev server `startDevServer` started: the clean-up of a test file.
 * @example afterAll(killDevServers)
 */
export function killDevServers(): void {
  for (const kill of running) kill()
}

/**
 * The Vite app's dev server as its developer keeps it running, `npx vite` in `vite-app/` (what `npm run dev` runs in a
 * Vite project) on `port`, outside CI; resolved once it prints its local URL.
 * @example const server = await startDevServer(dir, path, 5180); … server.kill()
 * @throws Error with what it printed when it exits before it is ready
 */
export async function startDevServer(dir: string, path: string, port: number): Promise<DevServer> {
  // Its own process group, so that the clean-up reaches Vite even once npx is gone.
  const npx = spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
    cwd: join(dir, 'vite-app'),
    // No colours: the URL is read from its output as it is.
    env: consumerEnv({ PATH: path, CI: '', NO_COLOR: '1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const exited = once(npx, 'exit')
  const kill = (): void => {
    running.delete(kill)
    try {
      if (npx.pid !== undefined) process.kill(-npx.pid, 'SIGKILL')
    } catch {
      // The group is gone already.
    }
  }
  running.add(kill)
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk
      const local = /Local:\s+(http:\/\/localhost:\d+\/)/.exec(output)?.[1]
      if (local) resolve(local)
    }
    npx.stdout.on('data', read)
    npx.stderr.on('data', read)
    void exited.then(() =>
      reject(new Error(`Failed to start the dev server: it exited before it was ready. ${output}`)),
    )
  }).catch((error: unknown) => {
    kill()
    throw error
  })
  return { url, output: () => output, kill }
}
