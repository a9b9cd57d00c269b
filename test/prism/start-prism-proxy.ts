import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { scaledMs } from '../../tools/time-scale.ts'
import { watchChildProcess } from '../../tools/watch-child-process.ts'

export interface PrismProxyOptions {
  /** Path of the OpenAPI document Prism validates against. */
  document: string
  /** Where Prism forwards to. Prism ignores the spec's server base path, so include it here (`…/v1`). */
  upstream: string
  /** `--errors`: Prism refuses invalid requests itself and answers 500 for error-level response violations. */
  errors: boolean
  /** How long Prism may take to listen before start fails. Default 20 s. */
  timeoutMs?: number
}

export interface PrismProxy {
  /** Prism's own address, e.g. `http://127.0.0.1:40947`; paths are the spec's (`/pets`, not `/v1/pets`). */
  readonly url: string
  readonly upstream: string
  readonly errors: boolean
  /** The last lines Prism printed, for failure messages. */
  recentOutput(): string
  /** Stops Prism and waits for its process to exit. */
  close(): Promise<void>
}

const prismBin = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url))
const listeningPattern = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/
const pollIntervalMs = 50
const keptLines = 40

/**
 * Starts `prism proxy <document> <upstream>` on a free loopback port (Prism is given port 0 and
 * announces the one it took, so no other process can race for it) and resolves once the port
 * accepts connections. A Prism that is not listening within `timeoutMs` is killed and the error
 * carries the tail of its output.
 * @example const prism = await startPrismProxy({ document: 'spec/openapi.yaml', upstream: `${baseUrl}`, errors: true })
 */
export async function startPrismProxy({
  document,
  upstream,
  errors,
  // Five start at once, beside the other test files: a busy two-core machine needs more than a few seconds.
  timeoutMs = scaledMs(60_000),
}: PrismProxyOptions): Promise<PrismProxy> {
  const args = [
    'proxy',
    document,
    upstream,
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--multiprocess=false',
    `--errors=${errors}`,
  ]
  const child = spawn(prismBin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let url: string | undefined
  const watched = watchChildProcess(child, { keptLines, onLine: (line) => (url ??= listeningPattern.exec(line)?.[1]) })
  const { recentOutput } = watched
  const close = (): Promise<void> => watched.stop(5_000)

  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && watched.exitReason() === undefined) {
    if (url !== undefined && (await acceptsConnections(url))) {
      return { url, upstream, errors, recentOutput, close }
    }
    await delay(pollIntervalMs)
  }
  const exit = watched.exitReason()
  const got = exit === undefined ? `nothing within ${timeoutMs} ms` : `${exit} before it listened`
  await close()
  throw new Error(
    `Failed to start prism proxy for ${upstream}: expected "Prism is listening on …", got ${got}. ` +
      `Check the document and that node_modules/.bin/prism runs. Prism's last output:\n${recentOutput() || '(none)'}`,
  )
}

function acceptsConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) })
    socket.setTimeout(1_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
