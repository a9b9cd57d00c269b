import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'

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
// Colour codes, in case the environment forces colour on a pipe.
const ansiPattern = /\x1b\[[0-9;]*m/g
const pollIntervalMs = 50
const keptLines = 40

/**
 * Starts `prism proxy <document> <upstream>` on a free loopback port (Prism is given port 0 and
 * announces the one it took, so no other process can race for it) and resolves once the port
 * accepts connections. A Prism that is not listening within `timeoutMs` is killed and the error
 * carries the tail of its output.
 * @example const prism = await startPrismProxy({ document: 'spec/openapi.yaml', upstream: `${baseUrl}`, errors: true })
 */
export async function startPrismProxy({ document, upstream, errors, timeoutMs = 20_000 }: PrismProxyOptions): Promise<PrismProxy> {
  const args = ['proxy', document, upstream, '--host', '127.0.0.1', '--port', '0', '--multiprocess=false', `--errors=${errors}`]
  const child = spawn(prismBin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: Array<string> = []
  let pending = ''
  let url: string | undefined
  const keep = (chunk: Buffer): void => {
    // The pipes are always drained (Prism logs every request) but only a tail is kept.
    const parts = (pending + chunk.toString('utf8').replace(ansiPattern, '')).split('\n')
    pending = parts.pop() ?? ''
    for (const line of parts) url ??= listeningPattern.exec(line)?.[1]
    lines.push(...parts)
    if (lines.length > keptLines) lines.splice(0, lines.length - keptLines)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const recentOutput = (): string => [...lines, pending].filter((line) => line.trim() !== '').join('\n')

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
  // A test run that dies without calling close() must not leave Prism behind.
  const killOnExit = (): void => {
    child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)

  async function close(): Promise<void> {
    process.off('exit', killOnExit)
    if (exit !== undefined) return
    child.kill('SIGTERM')
    if (await settlesWithin(exited, 5_000)) return
    child.kill('SIGKILL')
    await settlesWithin(exited, 2_000)
  }

  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && exit === undefined) {
    if (url !== undefined && (await acceptsConnections(url))) {
      return { url, upstream, errors, recentOutput, close }
    }
    await delay(pollIntervalMs)
  }
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

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer))
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
