import { expect, it } from 'vitest'
import { aptInstallOptions, type DebianSetup, ensureDebianPackages } from './ensure-debian-packages.ts'

function setup(overrides: Partial<DebianSetup> & { installs?: boolean } = {}) {
  const written: Array<string> = []
  const commands: Array<string> = []
  let installed = false
  const options: DebianSetup = {
    isRoot: true,
    run: (command, args) => {
      commands.push(`${command} ${args.join(' ')}`)
      if (args[0] === 'install') installed = overrides.installs ?? true
      const log = Array.from({ length: 500 }, (_, index) => `Get:${index} http://deb.debian.org libfoo${index}`)
      return { status: 0, output: [...log, '0 upgraded, 120 newly installed, 0 to remove'].join('\n') }
    },
    write: (text) => written.push(text),
    ...overrides,
  }
  const chromium = { name: 'Chromium at /usr/bin/chromium', packages: ['chromium'], present: () => installed }
  const runtimes = {
    name: "the corpus servers' runtimes",
    packages: ['golang-go', 'php-cli'],
    present: () => installed,
  }
  return { options, written, commands, chromium, runtimes }
}

it('does nothing and prints nothing when everything is there', () => {
  const { options, written, commands } = setup()
  ensureDebianPackages([{ name: 'Chromium', packages: ['chromium'], present: () => true }], options)
  expect([written, commands]).toEqual([[], []])
})

it('installs only what is missing, in one apt-get call, never upgrading it or adding what it recommends', () => {
  const { options, written, commands, chromium, runtimes } = setup()
  ensureDebianPackages([chromium, runtimes, { name: 'Go', packages: ['golang-go'], present: () => true }], options)
  expect(commands).toEqual(['apt-get update -q', `apt-get ${aptInstallOptions.join(' ')} chromium golang-go php-cli`])
  expect(aptInstallOptions).toEqual(expect.arrayContaining(['--no-install-recommends', '--no-upgrade']))
  expect(written.join('').trimEnd().split('\n')).toHaveLength(1)
  expect(written.join('')).toContain('120 packages installed, 0 upgraded')
})

it("shows the tail of apt-get's output and a one-line reason when the install fails", () => {
  const { options, written, chromium } = setup({
    run: () => ({ status: 100, output: ['noise', 'E: Unable to locate package chromium'].join('\n') }),
  })
  expect(() => ensureDebianPackages([chromium], options)).toThrow(
    /^Failed to install chromium: apt-get update -q exited with 100/,
  )
  expect(written.join('')).toContain('E: Unable to locate package chromium')
})

it('tells a user who is not root what to run, installing nothing', () => {
  const { options, commands, chromium, runtimes } = setup({ isRoot: false })
  expect(() => ensureDebianPackages([chromium, runtimes], options)).toThrow(
    /sudo apt-get install -y chromium golang-go php-cli/,
  )
  expect(commands).toEqual([])
})

it('fails with one line when apt-get succeeds but a need is still missing', () => {
  const { options, chromium } = setup({ installs: false })
  expect(() => ensureDebianPackages([chromium], options)).toThrow(/still missing/)
})
