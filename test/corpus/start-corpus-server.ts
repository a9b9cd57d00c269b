import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { scaledMs } from '../../tools/time-scale.ts'
import { freePort } from '../support/ports.ts'
import type { RunningServer } from '../variants/frameworks/running-server.ts'
import type { CorpusServer } from './corpus-server.ts'
import { basePathPrefix, deploymentEnvironment, type ShapeName } from './deployment-shapes.ts'
import { startNginxFront } from './nginx-front.ts'
import type { TestCertificate } from './test-certificate.ts'
import { startTlsFront } from './tls-front.ts'

const serversFolder = fileURLToPath(new URL('./servers/', import.meta.url))

/** How long a server may take to answer its first request: Go compiles first, Python imports a framework. */
const startTimeoutMs = 120_000

interface StartOptions {
  /** The deployment shape (deployment-shapes.ts); one origin when left out. */
  shape?: ShapeName
  /** The certificate the https shape serves; whoever judges the server must trust its authority. */
  certificate?: TestCertificate
}

/**
 * Starts a corpus server on loopback in a deployment shape (one origin when none is given): its process (two for
 * split origins), configured by its environment (`deploymentEnvironment`), and the front the shape or the entry asks
 * for (nginx, a TLS terminator), each on a free port; resolves once every origin answers HTTP. Fails with the
 * server's own output when it exits or stays silent first; what started is stopped again.
 * @example const server = await startCorpusServer(fastapi, 'key', { shape: 'split-origins' }); await server.close()
 */
export async function startCorpusServer(
  server: CorpusServer,
  apiKey: string,
  { shape = 'one-origin', certificate }: StartOptions = {},
): Promise<RunningServer> {
  const support = server.shapes[shape]
  if (!support) throw new Error(`The ${server.name} server does not run in the ${shape} shape.`)
  const started: Array<{ close(): Promise<void> }> = []
  const close = async () => {
    await Promise.all(started.splice(0).map((part) => part.close()))
  }
  const start = async <Part extends { close(): Promise<void> }>(part: Promise<Part>): Promise<Part> => {
    const running = await part
    started.push(running)
    return running
  }
  const launch = (env: Record<string, string>, scheme = 'http') =>
    start(startServerProcess(server, apiKey, env, scheme))
  try {
    switch (shape) {
      case 'one-origin': {
        const { origin } = await launch({})
        return { baseUrl: `${origin}/v1`, messagesBaseUrl: origin, close }
      }
      case 'split-origins': {
        // One after the other: a process that fails to start leaves none behind that `close` does not know of.
        const pets = await launch(deploymentEnvironment({ apis: 'pets' }))
        const messages = await launch(deploymentEnvironment({ apis: 'messages' }))
        return { baseUrl: `${pets.origin}/v1`, messagesBaseUrl: messages.origin, close }
      }
      case 'nginx': {
        const upstream = await launch({})
        const front = await start(startNginxFront(upstream.port))
        return { baseUrl: `${front.origin}/v1`, messagesBaseUrl: front.origin, close }
      }
      case 'base-path': {
        const { origin } = await launch(deploymentEnvironment({ prefix: basePathPrefix }))
        return { baseUrl: `${origin}${basePathPrefix}/v1`, messagesBaseUrl: `${origin}${basePathPrefix}`, close }
      }
      case 'https': {
        if (!certificate) throw new Error('The https shape needs a certificate (makeTestCertificate).')
        const { origin } = support.tlsFront
          ? await start(startTlsFront((await launch({})).port, certificate))
          : await launch(deploymentEnvironment({ tls: certificate }), 'https')
        return { baseUrl: `${origin}/v1`, messagesBaseUrl: origin, close }
      }
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** One process of a corpus server, listening on `port` of 127.0.0.1. */
interface ServerProcess {
  port: number
  origin: string
  close(): Promise<void>
}

/**
 * Starts one process of a corpus server on a free loopback port, with `PORT`, `PETSTORE_API_KEY` and the shape's
 * environment, and waits until it answers HTTP (any status to `GET <origin>/`).
 */
async function startServerProcess(
  server: CorpusServer,
  apiKey: string,
  shapeEnv: Record<string, string>,
  scheme: string,
): Promise<ServerProcess> {
  const port = await freePort()
  const [command, ...args] = server.command
  const child = spawn(command as string, args, {
    cwd: `${serversFolder}${server.folder}`,
    env: { ...process.env, ...server.env, ...shapeEnv, PORT: String(port), PETSTORE_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = once(child, 'exit')
  const origin = `${scheme}://127.0.0.1:${port}`
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), scaledMs(5_000))
    await exited
    clearTimeout(timer)
  }
  try {
    await waitUntilAnswering(`${origin}/`, () => child.exitCode !== null, `the ${server.name} server`)
  } catch (error) {
    await close()
    throw new Error(`${(error as Error).message} (port ${port}):\n${printed}`)
  }
  return { port, origin, close }
}

/** Resolves once `url` answers HTTP with any status; throws when `gone()` or after the start timeout. */
async function waitUntilAnswering(url: string, gone: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  let failure = ''
  for (;;) {
    failure = await answerFailure(url)
    if (failure === '') return
    if (gone() || Date.now() > deadline) throw new Error(`${what} did not answer ${url}: ${failure}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Why `url` gave no HTTP answer, or '' when it gave one. */
async function answerFailure(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(scaledMs(2_000)) })
    await response.arrayBuffer()
    return ''
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return cause?.code ?? cause?.message ?? (error as Error).message
  }
}
