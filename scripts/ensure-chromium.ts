import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { runCli } from '../mocks/cli/run-cli.ts'
import { chromiumPath } from '../tools/chromium-path.ts'
import { ensureChromium } from '../tools/ensure-chromium.ts'

// The browser test needs Debian's Chromium (nothing may download a browser build). On a fresh machine
// `npm test` installs it when it can, so `npm ci && npm test` is the whole set-up.
process.exitCode = await runCli(async () => {
  ensureChromium({
    path: chromiumPath,
    fromEnvironment: Boolean(process.env.CHROMIUM_PATH),
    isRoot: process.getuid?.() === 0,
    exists: existsSync,
    run: (command, args) => {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
      const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      return {
        status: result.status,
        output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
      }
    },
    write: (text) => process.stdout.write(text),
  })
})
