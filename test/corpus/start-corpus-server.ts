import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { scaledMs } from '../../tools/time-scale.ts'
import { freePort } from '../support/ports.ts'
import type { RunningServer } from '../variants/frameworks/running-server.ts'
import type { CorpusServer } from './corpus-server.ts'

const serversFolder = fileURLToPath(new URL('./servers/', import.meta.url))

/** How long a server may take to answer its first request: Go compiles first, Python imports a framework. */
const startTimeoutMs = 120_000

/** A corpus server's process, with what it printed. */
export interface StartedCorpusServer extends RunningServer {
  child: ChildProcess
  output(): string
}

/**
 * Starts a corpus server as a child process on a free loopback port and waits until it answers HTTP (any status
 * to `GET /v1/pets` without a key). Fails with the server's own output when it exits or stays silent first.
 * @example const server = await startCorpusServer(fastapi, 'key'); await server.close()
 */
export async function startCorpusServer(server: CorpusServer, apiKey: string): Promise<StartedCorpusServer> {
  const port = await freePort()
  const [command, ...args] = server.command
  const child = spawn(command as string, args, {
    cwd: `${serversFolder}${server.folder}`,
    env: { ...process.env, ...server.env, PORT: String(port), PETSTORE_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = once(child, 'exit')
  const origin = `http://127.0.0.1:${port}`
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), scaledMs(5_000))
    await exited
    clearTimeout(timer)
  }
  const deadline = Date.now() + startTimeoutMs
  while (!(await answers(`${origin}/v1/pets`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close()
      throw new Error(`The ${server.name} server did not start on port ${port}:\n${printed}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { baseUrl: `${origin}/v1`, messagesBaseUrl: origin, close, child, output: () => printed }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(scaledMs(2_000)) })
    await response.arrayBuffer()
    return true
  } catch {
    return false
  }
}
