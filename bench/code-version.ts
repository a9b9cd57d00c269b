import { spawnSync } from 'node:child_process'

export interface CodeVersion {
  commit: string
  subject: string
  /** Changed or new files the mock is built from, not yet committed: the figures include them. */
  uncommitted: Array<string>
}

// What the standalone server is built from; the bench's own files do not change its figures.
const servedPaths = [
  'shared',
  'mocks',
  'proxy',
  'cli',
  'spec',
  'fixtures',
  'scripts/serve.ts',
  'scripts/build.ts',
  'package.json',
  'package-lock.json',
]

/**
 * Which code the figures belong to: the commit and any uncommitted change to what the mock is
 * built from. `null` outside a git checkout.
 * @example codeVersion('/work/main') // { commit: '14fd744', subject: 'Fuzz tests …', uncommitted: [] }
 */
export function codeVersion(root: string): CodeVersion | null {
  const git = (args: Array<string>): string | undefined => {
    const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', timeout: 10_000 })
    return result.status === 0 ? result.stdout.trim() : undefined
  }
  const head = git(['log', '-1', '--format=%h%n%s'])
  if (head === undefined) return null
  const [commit = '', subject = ''] = head.split('\n')
  const status = git(['status', '--porcelain', '--untracked-files=all', '--', ...servedPaths]) ?? ''
  const uncommitted = status
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3))
  return { commit, subject, uncommitted }
}
