import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CliError, runCli } from '../mocks/cli/run-cli.ts'
import { chromiumPath } from '../tools/chromium-path.ts'

// The browser test needs Debian's Chromium (nothing may download a browser build). On a fresh
// machine `npm test` installs it when it can, so `npm ci && npm test` is the whole set-up.
await runCli(async () => {
  if (existsSync(chromiumPath)) return 0
  if (process.getuid?.() !== 0) {
    throw new CliError(
      `Chromium is missing at ${chromiumPath}: install it with "sudo apt-get install -y chromium" and run again.`,
    )
  }
  console.log(`Chromium is missing at ${chromiumPath}: installing Debian's chromium package…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  } catch {
    throw new CliError('Failed to install chromium with apt-get; the browser test cannot run without it.')
  }
  if (!existsSync(chromiumPath)) throw new CliError(`apt-get finished but ${chromiumPath} is still missing.`)
  return 0
})
