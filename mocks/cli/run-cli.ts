/** A failure the user can act on: printed as one line, with exit code 2 unless given. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

/**
 * Runs a CLI's main function: a thrown error becomes one line on stderr and a non-zero
 * exit code, never a stack trace.
 * @example await runCli(async () => { ... })
 */
export async function runCli(main: () => Promise<unknown>): Promise<void> {
  try {
    const code = await main()
    if (typeof code === 'number') process.exitCode = code
  } catch (error) {
    const exitCode = error instanceof CliError ? error.exitCode : 2
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`error: ${message.split('\n')[0]}\n`)
    process.exitCode = exitCode
  }
}
