import { CliError } from '../shared/cli-error.ts'

/** Something the tests need from Debian's packages. */
export interface DebianNeed {
  /** As a person names it: "Chromium at /usr/bin/chromium", "the corpus servers' runtimes". */
  name: string
  /** The packages that bring it. */
  packages: ReadonlyArray<string>
  /** Whether it is there now. */
  present(): boolean
}

export interface DebianSetup {
  isRoot: boolean
  /** Runs a command with its output captured; resolves to the exit status and the output. */
  run(command: string, args: Array<string>): { status: number | null; output: string }
  /** Writes progress without a line break, so that a good install is one line. */
  write(text: string): void
}

// Only the packages named and the libraries they depend on: nothing they merely recommend, and never an upgrade
// of one already installed. apt-get upgrades an installed library only when a package needs a newer one.
export const aptInstallOptions = ['install', '-y', '-q', '--no-install-recommends', '--no-upgrade']

/**
 * Makes sure the tests have what they need from Debian's packages: nothing to do when all is there; as root, one
 * `apt-get update` and one `apt-get install` of what is missing, in one line of output (the tail of apt-get's
 * output when it fails); otherwise a one-line `CliError` saying what to run.
 * @example ensureDebianPackages([{ name: 'Chromium', packages: ['chromium'], present }], { isRoot, run, write })
 */
export function ensureDebianPackages(needs: ReadonlyArray<DebianNeed>, setup: DebianSetup): void {
  const { isRoot, run, write } = setup
  const missing = needs.filter((need) => !need.present())
  if (missing.length === 0) return
  const names = missing.map((need) => need.name).join(', ')
  const packages = [...new Set(missing.flatMap((need) => need.packages))]
  if (!isRoot) throw new CliError(`Failed to find ${names}: run "sudo apt-get install -y ${packages.join(' ')}".`)
  write(`Missing ${names}: installing Debian's ${packages.join(', ')} with apt-get… `)
  const started = Date.now()
  for (const args of [
    ['update', '-q'],
    [...aptInstallOptions, ...packages],
  ]) {
    const { status, output } = run('apt-get', args)
    if (status !== 0) {
      const tail = output.trimEnd().split('\n').slice(-15).join('\n')
      write(`failed.\n${tail}\n`)
      throw new CliError(
        `Failed to install ${packages.join(', ')}: apt-get ${args.join(' ')} exited with ${status}; see above.`,
      )
    }
    const summary = /(\d+) upgraded, (\d+) newly installed/.exec(output)
    if (summary) write(`${summary[2]} packages installed, ${summary[1]} upgraded, `)
  }
  const still = missing.filter((need) => !need.present())
  if (still.length > 0)
    throw new CliError(
      `Failed to install ${still.map((need) => need.name).join(', ')}: apt-get succeeded but it is still missing.`,
    )
  write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`)
}
