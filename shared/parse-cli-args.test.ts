import { expect, it } from 'vitest'
import { CliError } from './cli-error.ts'
import { parseCliArgs } from './parse-cli-args.ts'
import { parseInteger } from './parse-integer.ts'

const options = { pets: { type: 'string' }, port: { type: 'string', short: 'p' }, help: { type: 'boolean' } } as const

function usageError(args: Array<string>): string {
  try {
    parseCliArgs({ args, options })
  } catch (error) {
    if (error instanceof CliError) return error.message
    throw error
  }
  throw new Error(`expected a usage error for ${JSON.stringify(args)}`)
}

it('reads a negative number as the value of the option before it, so its range check can name the range', () => {
  const { values } = parseCliArgs({ args: ['--pets', '-1', '-p', '-2'], options })
  expect(values).toEqual({ pets: '-1', port: '-2' })
  expect(() => parseInteger('--pets', values.pets!, 0, 1_000_000)).toThrow(
    '--pets expects a whole number from 0 to 1000000, got "-1".',
  )
})

it('says which option lacks a value and how to pass one that starts with a dash', () => {
  expect(usageError(['--pets', '--help'])).toBe(
    '--pets needs a value, got another option after it; write --pets=VALUE for a value that starts with "-".',
  )
  expect(usageError(['--port'])).toBe('--port needs a value; see --help.')
})

it('names an unknown option or argument in one line', () => {
  expect(usageError(['--bogus'])).toBe("Unknown option '--bogus'; see --help for the options.")
  expect(usageError(['extra'])).toBe("Unexpected argument 'extra': this command takes only options.")
  expect(usageError(['--help=yes'])).toBe("Option '--help' does not take an argument")
})

it('leaves everything after -- as it is', () => {
  const { positionals } = parseCliArgs({ args: ['--', '--pets', '-1'], options, allowPositionals: true })
  expect(positionals).toEqual(['--pets', '-1'])
})
