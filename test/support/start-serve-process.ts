import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { scaledMs } from '../../tools/time-scale.ts'

const serveScript = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url))
// By URL rather than by name: `--import tsx` resolves from the working directory, which a test may change.
const tsxLoader = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href

export interface ServeProcess {
  child: ChildProcess
  /** The pets API base URL from the ready line; undefined when the process exited first. */
  url: string | undefined
  output(): string
  exited: Promise<[number | null, string | null]>
}

/**
 * Runs the serve CLI (`npm start -- ...`) as a child process with tsx; resolves once it prints its ready
 * line or exits. Bounded: a process that does neither within `timeoutMs` is killed.
 * @example const serve = await startServeProcess(['--port', '0', '--state-file', file])
 */
export async function startServeProcess(
  args: Array<string>,
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number; openFiles?: number } = {},
): Promise<ServeProcess> {
  const { child, output } = spawnServe(args, options)
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? scaledMs(20_000))
  await Promise.race([
    new Promise<void>((resolve) => child.stdout.on('data', () => output.stdout.includes('ready') && resolve())),
    exited,
  ])
  clearTimeout(timer)
  const url = /(http:\/\/\S+\/v1)/.exec(output.stdout)?.[1]
  return { child, url, output: () => output.stdout + output.stderr, exited }
}

/**
 * Runs the serve CLI to its end (e.g. `snapshot ...`), returning its exit code and output.
 * @example const { code, stdout } = await runServeProcess(['snapshot', '--help'])
 */
export async function runServeProcess(
  args: Array<string>,
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, output } = spawnServe(args, options)
  const timer = setTimeout(() => child.kill('SIGKILL'), scaledMs(30_000))
  const [code] = (await once(child, 'exit')) as [number | null]
  clearTimeout(timer)
  return { code, ...output }
}

/**
 * The serve CLI as a child process (no key from the environment), its output gathered as it comes;
 * `openFiles`: under that limit of open files (`ulimit -n`, soft and hard), set by a shell that then
 * becomes node.
 */
function spawnServe(args: Array<string>, options: { env?: Record<string, string>; cwd?: string; openFiles?: number }) {
  const node = [process.execPath, '--import', tsxLoader, serveScript, ...args]
  const [command, ...commandArgs] =
    options.openFiles === undefined ? node : ['sh', '-c', `ulimit -n ${options.openFiles} && exec "$@"`, 'sh', ...node]
  const child = spawn(command as string, commandArgs, {
    env: { ...process.env, PETSTORE_API_KEY: '', ...options.env },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk) => (output.stdout += chunk))
  child.stderr.on('data', (chunk) => (output.stderr += chunk))
  return { child, output }
}
