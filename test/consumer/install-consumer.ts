import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { scaledMs } from '../../tools/time-scale.ts'
import type { Consumer } from './consumer-matrix.ts'
import { runCommand } from './run-command.ts'

const template = (folder: string) => fileURLToPath(new URL(`./${folder}/`, import.meta.url))

/**
 * What a consumer project installs beside the package, msw, vitest and Node's types: its compiler, bundler, runner,
 * and the typed client docs/openapi-tools.md pairs with the package.
 */
export const consumerTools = {
  typescript: '5.9.3',
  esbuild: '0.28.2',
  '@playwright/test': '1.65.1',
  'openapi-fetch': '0.17.0',
} as const

/** What a project with the Vite app (`vite-app/`) installs besides, as `npm create vite` (react-ts) would. */
export const viteAppTools = {
  // The Vite 8 of a project made today: since 8.4 it refuses a second dev process of a project (--bypass-lock).
  vite: '8.4.0',
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
 * the esbuild app and, where there is one, the Vite app.
 * `path` is put first on PATH: the Node the project runs on.
 * @example const dir = await installConsumer('/tmp/p/petstore-contract-0.1.0.tgz', consumers[0], nodeBin)
 */
export async function installConsumer(tarball: string, consumer: Consumer, path: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `petstore-consumer-msw-${consumer.msw}-`))
  // The Vite app only where the matrix asks for it (consumer-matrix.ts): its install and runs cost the most.
  const filter = (source: string) => consumer.viteApp || !/[/\\]vite-app([/\\]|$)/.test(source)
  await cp(template('project'), dir, { recursive: true, filter })
  await cp(template(`project-${consumer.variant}`), dir, { recursive: true, filter })
  const { msw, vitest, nodeTypes } = consumer
  const dependencies = {
    'petstore-contract': `file:${tarball}`,
    msw,
    vitest,
    '@types/node': nodeTypes,
    ...consumerTools,
    ...(consumer.viteApp ? viteAppTools : {}),
  }
  const manifest = { name: 'petstore-consumer', private: true, type: 'module', dependencies }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const steps: Array<[string, Array<string>]> = [
    ['npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']],
    ['npx', ['msw', 'init', 'public', '--save']],
  ]
  if (consumer.viteApp) steps.push(['npx', ['msw', 'init', 'vite-app/public', '--no-save']])
  for (const [command, args] of steps) {
    const env = { PATH: path, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }
    const result = await runCommand(command, args, { cwd: dir, env, timeoutMs: scaledMs(600_000) })
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
