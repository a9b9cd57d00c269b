import { join } from 'node:path'
import { freePort } from './free-port.ts'
import { type RequestKind, requestKinds, toLoadRequest } from './request-kinds.ts'
import { type ProcessTarget, startProcessTarget } from './start-process-target.ts'

export type TargetName = 'ours' | 'prism' | 'bare'

export interface BenchTargetOptions {
  /** The repository root. */
  root: string
  /**
   * What `npm start` gives node (`resolveStartEntry`): its flags, then the file, e.g.
   * `['--no-memory-reducer', 'scripts/start.mjs']`.
   */
  entry: ReadonlyArray<string>
  /** The compiled bare server (`compileBareServer`). */
  barePath: string
  /** `--pets` for our mock; its own default when absent. */
  pets?: number
}

export interface BenchTarget extends ProcessTarget {
  /** e.g. `http://127.0.0.1:40123`. */
  origin: string
  /** Where the pets API lives: `/v1`, or the root on Prism, which ignores the spec's base path. */
  prefix: string
  /** The command line, as a reader would type it. */
  command: string
}

const readyPattern = /ready: (http:\/\/\S+)/

/**
 * Starts one of the three servers the bench compares, on loopback, and measures its start-up.
 * Ours runs from compiled JS, as `npm start` runs it; Prism is the CLI at its quietest.
 * @example const prism = await startBenchTarget('prism', { root, entry: ['scripts/start.mjs'], barePath })
 */
export async function startBenchTarget(
  name: TargetName,
  { root, entry, barePath, pets }: BenchTargetOptions,
): Promise<BenchTarget> {
  // Start-up ends at the first answered list request; the probe path is relative to the base URL.
  const { path, headers } = toLoadRequest(requestKinds[0] as RequestKind, '')
  const probe = { path, headers }
  if (name === 'prism') {
    const port = await freePort()
    const script = join(root, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js')
    const args = ['mock', 'spec/openapi.yaml', '-h', '127.0.0.1', '-p', String(port), '-v', 'silent']
    const origin = `http://127.0.0.1:${port}`
    const target = await startProcessTarget({
      name,
      args: [script, ...args],
      cwd: root,
      baseUrl: origin,
      probe,
      timeoutMs: 60_000,
    })
    return { ...target, origin, prefix: '', command: `node_modules/.bin/prism ${args.join(' ')}` }
  }
  const args =
    name === 'ours'
      ? [...entry, '--port', '0', '--host', '127.0.0.1', ...(pets === undefined ? [] : ['--pets', String(pets)])]
      : [barePath, '--port', '0']
  // An inherited PETSTORE_API_KEY would make our mock refuse the development key.
  const env = { ...process.env, PETSTORE_API_KEY: '' }
  const target = await startProcessTarget({ name, args, cwd: root, env, readyPattern, probe, timeoutMs: 30_000 })
  const command = name === 'ours' ? `node ${args.join(' ')}` : `node <tmp>/bare-server.mjs ${args.slice(1).join(' ')}`
  return { ...target, origin: new URL(target.baseUrl).origin, prefix: '/v1', command }
}
