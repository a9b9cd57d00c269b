import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CliError } from '../shared/cli-error.ts'
import { runCli } from '../shared/run-cli.ts'
import { corpusFronts, corpusRuntimes } from '../test/corpus/corpus-runtimes.ts'
import { chromiumPath } from '../tools/chromium-path.ts'
import { ensureDebianPackages } from '../tools/ensure-debian-packages.ts'

// The browser tests need Debian's Chromium (nothing may download a browser build), the conformance corpus the
// runtimes of its servers (Python, Go, Ruby, PHP and their frameworks, all Debian packages) and the fronts of its
// deployment shapes (nginx, openssl). On a fresh machine `npm test` installs them when it can, so `npm ci && npm test`
// is the whole set-up.
const statusFormat = '-f=$' + '{Status}'
const installed = (name: string) =>
  spawnSync('dpkg-query', ['-W', statusFormat, name], { encoding: 'utf8' }).stdout?.includes('install ok installed')

process.exitCode = await runCli(async () => {
  if (process.env.CHROMIUM_PATH && !existsSync(chromiumPath))
    throw new CliError(
      `Failed to find Chromium: CHROMIUM_PATH is ${chromiumPath}, where nothing exists. Fix or unset it.`,
    )
  const chromium = {
    name: `Chromium at ${chromiumPath}`,
    packages: ['chromium'],
    present: () => existsSync(chromiumPath),
  }
  const runtimes = { ...corpusRuntimes, present: () => corpusRuntimes.packages.every(installed) }
  const fronts = { ...corpusFronts, present: () => corpusFronts.packages.every(installed) }
  ensureDebianPackages([chromium, runtimes, fronts], {
    isRoot: process.getuid?.() === 0,
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
