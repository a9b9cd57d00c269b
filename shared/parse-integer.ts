import { CliError } from './cli-error.ts'

/**
 * A whole-number CLI option within bounds, or a one-line `CliError`.
 * @example parseInteger('--port', '4010', 0, 65535) // 4010
 */
export function parseInteger(flag: string, value: string, minimum: number, maximum: number): number {
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN
  if (number >= minimum && number <= maximum) return number
  throw new CliError(`${flag} expects a whole number from ${minimum} to ${maximum}, got "${value}".`)
}
