import { afterEach, expect, it, vi } from 'vitest'
import { runMockCli } from '../../cli/run-mock-cli.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The command as a user runs it, for a mistake caught before anything listens: its exit code and one line. */
async function mistake(argv: Array<string>): Promise<{ code: number; lines: Array<string> }> {
  const lines: Array<string> = []
  vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line))
  const code = await runMockCli(argv, {}, 'petstore-mock')
  return { code, lines }
}

it.each([
  [['--record', 'pets.json'], 'error: --record applies only with --proxy URL; see --help.'],
  [['--proxy', 'ftp://staging.test/v1'], 'error: --proxy expects an http or https URL, got "ftp:".'],
  [
    ['--proxy', 'https://me:pw@staging.test/v1'],
    'error: --proxy takes no user name or password in the URL (https://staging.test/v1): ' +
      "the app's own credentials are forwarded.",
  ],
  [
    ['--proxy', 'https://staging.test/v1', '--state-file', 'pets.json'],
    "error: --state-file does not apply with --proxy: the proxy serves the deployment's pets.",
  ],
])('refuses %j in one line with exit code 2', async (argv, line) => {
  expect(await mistake(argv)).toEqual({ code: 2, lines: [line] })
})
