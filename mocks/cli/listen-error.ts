import { CliError } from '../../shared/cli-error.ts'

/**
 * The one line to print when a server cannot listen, with the remedy for the usual cause.
 * @example throw listenError('127.0.0.1', 4010, error) // port 4010 is in use; pass --port N (0 picks a free one).
 */
export function listenError(host: string, port: number, error: NodeJS.ErrnoException): CliError {
  const failed = `Failed to listen on ${host}:${port}`
  if (error.code === 'EADDRINUSE')
    return new CliError(`${failed}: port ${port} is in use; pass --port N (0 picks a free one).`)
  if (error.code === 'EACCES')
    return new CliError(`${failed}: permission denied; pass --port N above 1023 (0 picks a free one).`)
  if (error.code === 'EADDRNOTAVAIL') return new CliError(`${failed}: no such address on this machine; check --host.`)
  return new CliError(`${failed}: ${error.code ?? error.message}.`)
}
