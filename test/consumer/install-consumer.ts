import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Consumer } from './consumer-matrix.ts'
import { runCommand } from './run-command.ts'

const template = (folder: string) => fileURLToPath(new URL(`./${folder}/`, import.meta.url))

/**
 * What a consumer project installs beside the package, msw, vitest and Node's types: its compiler, bundler and
 * runner, and a Vite + React app's own (`vite-app/`, as `npm create vite -- --template react-ts` sets one up).
 */
export const consumerTools = {
  typescript: '5.9.3',
  esbuild: '0.28.2',
  '@playwright/test': '1.65.1',
  vite: '8.0.10',
  '@vitejs/plugin-react': '6.3.0',
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
} as const

/**
 * A throwaway project in the system's temporary folder (`project/`, then the files of its msw major) with the
 * packed tarball, the consumer's msw and vitest and the tools above installed by a plain `npm install` (no
 * `--legacy-peer-deps`), and msw's worker script initialised the documented way (`npx msw init public --save`), for
 * the esbuild app and for the Vite app.
 * `path` is put first on PATH: the Node the project runs on.
 * @example const dir = await installConsumer('/tmp/p/petstore-contract-0.1.0.tgz', consumers[0], nodeBin)
 */
export async function installConsumer(tarball: string, consumer: Consumer, path: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `petstore-consumer-msw-${consumer.msw}-`))
  await cp(template('project'), dir, { recursive: true })
  await cp(template(`project-${consumer.variant}`), dir, { recursive: true })
  const { msw, vitest, nodeTypes } = consumer
  const dependencies = {
    'petstore-contract': `file:${tarball}`,
    msw,
    vitest,
    '@types/node': nodeTypes,
    ...consumerTools,
  }
  const manifest = { name: 'petstore-consumer', private: true, type: 'module', dependencies }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const steps: Array<[string, Array<string>]> = [
    ['npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']],
    ['npx', ['msw', 'init', 'public', '--save']],
    ['npx', ['msw', 'init', 'vite-app/public', '--no-save']],
  ]
  for (const [command, args] of steps) {
    const env = { PATH: path, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }
    const result = await runCommand(command, args, { cwd: dir, env, timeoutMs: 600_000 })
    if (result.code !== 0) {
      await rm(dir, { recursive: true, force: true })
      throw new Error(
        `Failed to set up the consumer project: expected "${command} ${args.join(' ')}" to exit 0 in ${dir}, ` +
          `got ${result.code}. ${result.stderr.slice(-2000)}`,
      )
    }
  }
  return dir
}
