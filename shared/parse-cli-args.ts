import { type ParseArgsConfig, parseArgs } from 'node:util'
import { CliError } from './cli-error.ts'

/**
 * `parseArgs` in strict mode with one-line `CliError`s a user can act on. A negative number after an
 * option that takes a value is read as its value (`--pets -1` as `--pets=-1`), so that the option's own
 * check can name the allowed range instead of parseArgs calling the argument ambiguous.
 * @example const { values } = parseCliArgs({ args: ['--port', '0'], options: { port: { type: 'string' } } })
 */
export function parseCliArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  const args = joinNegativeValues(config.args ?? process.argv.slice(2), config.options ?? {})
  try {
    // Strict unless the caller says otherwise: an unknown option is a usage error.
    return parseArgs({ strict: true, ...config, args }) as ReturnType<typeof parseArgs<T>>
  } catch (error) {
    throw new CliError(usageMessage(error))
  }
}

function joinNegativeValues(args: ReadonlyArray<string>, options: NonNullable<ParseArgsConfig['options']>) {
  const takesValue = new Set(
    Object.entries(options).flatMap(([name, option]) =>
      option.type === 'string' ? [`--${name}`, ...(option.short ? [`-${option.short}`] : [])] : [],
    ),
  )
  const joined: Array<string> = []
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!
    const next = args[index + 1]
    if (arg === '--') return [...joined, ...args.slice(index)]
    if (takesValue.has(arg) && next !== undefined && /^-[0-9.]/.test(next)) {
      joined.push(arg.startsWith('--') ? `${arg}=${next}` : `${arg}${next}`)
      index += 1
    } else {
      joined.push(arg)
    }
  }
  return joined
}

function usageMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const option = /'(?:-\w, )?(--?[^' ]+)/.exec(message)?.[1] ?? ''
  if (message.includes('argument is ambiguous'))
    return (
      `${option} needs a value, got another option after it; write ${option}=VALUE for a value that starts with ` +
      `"-".`
    )
  if (message.includes('argument missing')) return `${option} needs a value; see --help.`
  if (message.startsWith('Unknown option')) return `Unknown option '${option}'; see --help for the options.`
  if (message.startsWith('Unexpected argument')) return `${message.split('.')[0]}: this command takes only options.`
  return message.split('\n')[0] ?? message
}
