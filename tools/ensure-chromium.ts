import { CliError } from '../mocks/cli/cli-error.ts'

export interface ChromiumSetup {
  /** Where the browser test looks (`chromiumPath`). */
  path: string
  /** Whether `CHROMIUM_PATH` chose the path: then nothing is installed. */
  fromEnvironment: boolean
  isRoot: boolean
  exists(path: string): boolean
  /** Runs a command with its output captured; resolves to the exit status and the output. */
  run(command: string, args: Array<string>): { status: number | null; output: string }
  /** Writes progress without a line break, so that a good install is one line. */
  write(text: string): void
}

// Only chromium and the libraries it depends on: nothing it merely recommends, and never an upgrade of
// chromium itself. apt-get upgrades an installed library only when chromium needs a newer one.
export const aptInstallArgs = ['install', '-y', '-q', '--no-install-recommends', '--no-upgrade', 'chromium']

/**
 * Makes sure the browser test has Debian's Chromium: nothing to do when it is there; as root, installs it
 * with apt-get in one line of output (the tail of apt-get's output when it fails); otherwise a one-line
 * `CliError` saying what to run.
 * @example ensureChromium({ path: '/usr/bin/chromium', fromEnvironment: false, isRoot: true, exists, run, write })
 */
export function ensureChromium(setup: ChromiumSetup): void {
  const { path, fromEnvironment, isRoot, exists, run, write } = setup
  if (exists(path)) return
  if (fromEnvironment)
    throw new CliError(`Failed to find Chromium: CHROMIUM_PATH is ${path}, where nothing exists. Fix or unset it.`)
  if (!isRoot)
    throw new CliError(
      `Failed to find Chromium at ${path}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    )
  write(`Chromium is missing at ${path}: installing Debian's chromium with apt-get… `)
  const started = Date.now()
  for (const args of [['update', '-q'], aptInstallArgs]) {
    const { status, output } = run('apt-get', args)
    if (status !== 0) {
      const tail = output.trimEnd().split('\n').slice(-15).join('\n')
      write(`failed.\n${tail}\n`)
      throw new CliError(`Failed to install chromium: apt-get ${args.join(' ')} exited with ${status}; see above.`)
    }
    const summary = /(\d+) upgraded, (\d+) newly installed/.exec(output)
    if (summary) write(`${summary[2]} packages installed, ${summary[1]} upgraded, `)
  }
  if (!exists(path)) throw new CliError(`Failed to install chromium: apt-get succeeded but ${path} is still missing.`)
  write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`)
}
