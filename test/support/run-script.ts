import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface RunningScript {
  child: ChildProcess
  /** Everything printed so far, stdout and stderr. */
  output(): string
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>
}

/**
 * Starts a command in the project root as a user would type it (`npm start -- --port 0`, or a script under
 * node with the tsx loader), and resolves once its output matches `readyPattern` or it exits. `detached`: in a
 * process group of its own, which `process.kill(-child.pid, signal)` reaches whole.
 * @example const serve = await startScript('npm', ['start', '--', '--port', '0'], /ready: (\S+)/)
 */
export async function startScript(
  command: string,
  args: Array<string>,
  readyPattern: RegExp,
  env: Record<string, string | undefined> = {},
  { detached = false }: { detached?: boolean } = {},
): Promise<RunningScript> {
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, PETSTORE_API_KEY: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  })
  let output = ''
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  await new Promise<void>((resolve) => {
    const read = (chunk: Buffer): void => {
      output += chunk
      if (readyPattern.test(output)) resolve()
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then(() => resolve())
  })
  return { child, output: () => output, exited }
}

/**
 * Runs a TypeScript script under node with the tsx loader to its end.
 * @example const { code, output } = await runTsScript('scripts/serve.ts', ['--pets', '-1'])
 */
export async function runTsScript(path: string, args: Array<string>): Promise<{ code: number | null; output: string }> {
  const script = await startScript(process.execPath, ['--import', 'tsx', path, ...args], /(?!)/)
  return { code: await script.exited, output: script.output() }
}
