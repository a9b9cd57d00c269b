import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

// What the server bundle is built from: its sources and the dependency versions. Tests never make it stale.
const sourceDirectories = ['shared', 'mocks', 'proxy', 'cli', 'spec', 'fixtures', 'scripts']
const sourceFiles = ['package.json', 'package-lock.json', 'tsconfig.json']

/**
 * Why the bundle `output` must be built again (missing, or older than a source), or undefined when it is
 * up to date. Plain JavaScript: `npm start` calls it before any TypeScript loader exists.
 * @example staleBuildReason('/work/main', 'dist/serve.mjs') // 'mocks/core/dispatch.ts changed since the build'
 * @param {string} root
 * @param {string} output
 * @returns {string | undefined}
 */
export function staleBuildReason(root, output) {
  const path = join(root, output)
  if (!existsSync(path)) return `${output} is missing`
  const builtAt = statSync(path).mtimeMs
  const sources = [
    ...sourceFiles.map((file) => join(root, file)).filter((file) => existsSync(file)),
    ...sourceDirectories.flatMap((directory) => listSources(join(root, directory))),
  ]
  const newer = sources.find((file) => statSync(file).mtimeMs > builtAt)
  return newer === undefined ? undefined : `${relative(root, newer)} changed since the build`
}

/** @param {string} directory */
function listSources(directory) {
  if (!existsSync(directory)) return []
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|json|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}
