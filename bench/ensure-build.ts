import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export interface BuildCheck {
  built: boolean
  /** Why it was (or was not) built. */
  reason: string
  ms: number
}

// What the build reads: sources of the server and its modules, and the dependency versions.
const sourceDirectories = ['mocks', 'spec', 'fixtures', 'scripts']
const sourceFiles = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']

/**
 * Runs `npm run build` when `entry` (what `npm start` runs) is missing or older than any source
 * the build reads, so the mock is measured as a user runs it: compiled JS under plain node. Test
 * files and the bench's own files never make it stale.
 * @example const { built } = ensureBuild('/work/main', 'dist/serve.mjs')
 */
export function ensureBuild(root: string, entry: string): BuildCheck {
  const started = performance.now()
  const reason = staleReason(root, entry)
  if (reason === undefined) return { built: false, reason: `${entry} is up to date`, ms: performance.now() - started }
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 180_000,
  })
  if (result.status !== 0 || !existsSync(join(root, entry))) {
    const got = result.error
      ? result.error.message
      : result.signal
        ? `signal ${result.signal}`
        : result.status !== 0
          ? `exit code ${result.status}`
          : `no ${entry}`
    throw new Error(`Failed to build ${entry} with npm run build (${reason}): got ${got}.`)
  }
  return { built: true, reason, ms: performance.now() - started }
}

function staleReason(root: string, entry: string): string | undefined {
  const output = join(root, entry)
  if (!existsSync(output)) return `${entry} is missing`
  const builtAt = statSync(output).mtimeMs
  const sources = [
    ...sourceFiles.map((file) => join(root, file)).filter((file) => existsSync(file)),
    ...sourceDirectories.flatMap((directory) => listSources(join(root, directory))),
  ]
  const newer = sources.find((file) => statSync(file).mtimeMs > builtAt)
  return newer === undefined ? undefined : `${relative(root, newer)} changed since the build`
}

function listSources(directory: string): Array<string> {
  if (!existsSync(directory)) return []
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\]scripts[/\\]bench([/\\]|\.ts$)/.test(file))
}
