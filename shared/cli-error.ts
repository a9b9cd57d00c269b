/**
 * A mistake the user can act on (a bad flag, a busy port, a missing setting): `runCli` prints its message
 * as one line, without a stack trace, and exits with `exitCode` (2 unless given).
 * @example throw new CliError('--pets expects a whole number from 0 to 1000000, got "-1".')
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message)
    this.name = 'CliError'
  }
}
