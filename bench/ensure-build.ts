import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { staleBuildReason } from '../tools/stale-build.mjs'

export interface BuildCheck {
  built: boolean
  /** Why it was (or was not) built. */
  reason: string
  ms: number
}

/**
 * Runs `npm run build` when `entry` (the bundle `npm start` runs) is missing or older than any source
 * the build reads, so that no measured start-up includes a build. Test files never make it stale.
 * @example const { built } = ensureBuild('/work/main', 'dist/serve.mjs')
 */
export function ensureBuild(root: string, entry: string): BuildCheck {
  const started = performance.now()
  const reason = staleBuildReason(root, entry)
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
