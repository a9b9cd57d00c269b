import { cp, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './run-command.ts'

const projectTemplate = fileURLToPath(new URL('./project/', import.meta.url))

/** What a consumer project installs beside the package: its own msw, compiler, bundler and test runner. */
export const consumerTools = {
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  esbuild: '0.28.2',
  '@playwright/test': '1.65.1',
} as const

/**
 * A throwaway project in the system's temporary folder with the packed tarball, the given msw and the tools
 * above installed, and msw's worker script initialised the documented way (`npx msw init public --save`).
 * @example const dir = await installConsumer('/tmp/p/petstore-contract-0.1.0.tgz', '2.10.0')
 */
export async function installConsumer(tarball: string, mswVersion: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `petstore-consumer-msw-${mswVersion}-`))
  await cp(projectTemplate, dir, { recursive: true })
  const manifest = {
    name: 'petstore-consumer',
    private: true,
    type: 'module',
    dependencies: { 'petstore-contract': `file:${tarball}`, msw: mswVersion, ...consumerTools },
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const steps: Array<[string, Array<string>]> = [
    ['npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']],
    ['npx', ['msw', 'init', 'public', '--save']],
  ]
  for (const [command, args] of steps) {
    const result = await runCommand(command, args, { cwd: dir, env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } })
    if (result.code !== 0)
      throw new Error(
        `Failed to set up the consumer project: expected "${command} ${args.join(' ')}" to exit 0 in ${dir}, ` +
          `got ${result.code}. ${result.stderr.slice(-2000)}`,
      )
  }
  return dir
}
