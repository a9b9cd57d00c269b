import { expect, it } from 'vitest'
import { CliError } from './cli-error.ts'
import { runCli } from './run-cli.ts'

async function run(main: () => Promise<unknown>, redact?: (text: string) => string) {
  const out: Array<string> = []
  const err: Array<string> = []
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }
  const code = await runCli(main, { io, redact, unexpectedPrefix: 'The run failed: ' })
  return { code, out, err }
}

it('returns the exit code main returns, 0 when it returns none', async () => {
  expect((await run(async () => 1)).code).toBe(1)
  expect((await run(async () => undefined)).code).toBe(0)
})

it('prints a CliError as one line with its exit code, never a stack trace', async () => {
  const result = await run(async () => {
    throw new CliError('--port expects a whole number from 0 to 65535, got "x".\nsecond line', 3)
  })
  expect(result).toEqual({ code: 3, out: [], err: ['error: --port expects a whole number from 0 to 65535, got "x".'] })
})

it('prints any other error as one line, after the prefix, with exit code 2 and secrets redacted', async () => {
  const result = await run(
    async () => {
      throw new TypeError('fetch failed for key-123')
    },
    (text) => text.replaceAll('key-123', '[REDACTED]'),
  )
  expect(result).toEqual({ code: 2, out: [], err: ['error: The run failed: fetch failed for [REDACTED]'] })
})
