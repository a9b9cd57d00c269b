import { CliError } from './cli-error.ts'

/** Where a CLI writes: the console for a script, an array for a test. */
export interface CliIo {
  out(line: string): void
  err(line: string): void
}

/** The console: stdout for results, stderr for errors. */
export const consoleIo: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}

interface RunCliOptions {
  io?: CliIo
  /** Applied to the error line, e.g. to take out an API key that a message might quote. */
  redact?: (text: string) => string
  /** Put before the message of an error that is not a `CliError` (a bug or a failure of a dependency). */
  unexpectedPrefix?: string
}

/**
 * Runs a CLI's main function and returns its exit code (the number `main` returns, else 0). A thrown error
 * becomes one line on `io.err`, never a stack trace: a `CliError` with its own exit code, anything else
 * with exit code 2.
 * @example process.exitCode = await runCli(async () => { ... return 0 })
 */
export async function runCli(main: () => Promise<unknown>, options: RunCliOptions = {}): Promise<number> {
  const { io = consoleIo, redact = (text: string) => text, unexpectedPrefix = '' } = options
  try {
    const code = await main()
    return typeof code === 'number' ? code : 0
  } catch (error) {
    const known = error instanceof CliError
    const message = error instanceof Error ? error.message : String(error)
    io.err(`error: ${redact(known ? message : `${unexpectedPrefix}${message}`).split('\n')[0]}`)
    return known ? error.exitCode : 2
  }
}
