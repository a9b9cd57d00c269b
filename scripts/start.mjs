import { spawnSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { staleBuildReason } from '../tools/stale-build.mjs'

// npm start: builds dist/serve.mjs when a source changed, then runs it in this process. package.json
// execs this file, so the pid npm starts is the server's: a signal to npm (which forwards it) stops it.
const root = fileURLToPath(new URL('..', import.meta.url))
const stale = staleBuildReason(root, 'dist/serve.mjs')
if (stale !== undefined) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error(`error: Failed to build dist/serve.mjs (${stale}); run npm run build to see why.`)
    process.exit(2)
  }
}
await import(pathToFileURL(`${root}dist/serve.mjs`).href)
