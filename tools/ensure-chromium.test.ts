import { expect, it } from 'vitest'
import { aptInstallArgs, type ChromiumSetup, ensureChromium } from './ensure-chromium.ts'

function setup(overrides: Partial<ChromiumSetup> & { installs?: boolean } = {}) {
  const written: Array<string> = []
  const commands: Array<string> = []
  let installed = false
  const options: ChromiumSetup = {
    path: '/usr/bin/chromium',
    fromEnvironment: false,
    isRoot: true,
    exists: () => installed,
    run: (command, args) => {
      commands.push(`${command} ${args.join(' ')}`)
      if (args[0] === 'install') installed = overrides.installs ?? true
      const log = Array.from({ length: 500 }, (_, index) => `Get:${index} http://deb.debian.org libfoo${index}`)
      return { status: 0, output: [...log, '0 upgraded, 120 newly installed, 0 to remove'].join('\n') }
    },
    write: (text) => written.push(text),
    ...overrides,
  }
  return { options, written, commands }
}

it('does nothing and prints nothing when Chromium is there', () => {
  const { options, written, commands } = setup({ exists: () => true })
  ensureChromium(options)
  expect([written, commands]).toEqual([[], []])
})

it('installs only chromium, never upgrading it or adding what it recommends, in one line of output', () => {
  const { options, written, commands } = setup()
  ensureChromium(options)
  expect(commands).toEqual(['apt-get update -q', `apt-get ${aptInstallArgs.join(' ')}`])
  expect(aptInstallArgs).toEqual(expect.arrayContaining(['--no-install-recommends', '--no-upgrade', 'chromium']))
  expect(written.join('').trimEnd().split('\n')).toHaveLength(1)
  expect(written.join('')).toContain('120 packages installed, 0 upgraded')
})

it("shows the tail of apt-get's output and a one-line reason when the install fails", () => {
  const { options, written } = setup({
    run: () => ({ status: 100, output: ['noise', 'E: Unable to locate package chromium'].join('\n') }),
  })
  expect(() => ensureChromium(options)).toThrow(/^Failed to install chromium: apt-get update -q exited with 100/)
  expect(written.join('')).toContain('E: Unable to locate package chromium')
})

it('tells a user who is not root what to run, and never installs for a CHROMIUM_PATH that is wrong', () => {
  expect(() => ensureChromium(setup({ isRoot: false }).options)).toThrow(/sudo apt-get install -y chromium/)
  const wrongPath = setup({ path: '/opt/chrome', fromEnvironment: true })
  expect(() => ensureChromium(wrongPath.options)).toThrow(/CHROMIUM_PATH is \/opt\/chrome/)
  expect(wrongPath.commands).toEqual([])
})

it('fails with one line when apt-get succeeds but the browser is still missing', () => {
  expect(() => ensureChromium(setup({ installs: false }).options)).toThrow(/still missing/)
})
