import { parseArgs } from 'node:util'
import { developmentApiKey } from '../core/create-pet-store-core.ts'
import { defaultModelOptions } from '../model/create-pet-store-model.ts'
import { resolveApiKeys } from '../node/resolve-api-keys.ts'
import { startPetStoreServer } from '../node/start-pet-store-server.ts'
import { parseInteger } from './parse-integer.ts'
import { CliError, runCli } from './run-cli.ts'

/**
 * The `--help` text of the standalone server, for the command that starts it (quoted in the README).
 * @example mockHelp('petstore-mock')
 */
export function mockHelp(command: string): string {
  return `Usage: ${command} [options]

Serves the Pet Store mock on loopback: the pets API under /v1, the messages API at the root.

Options:
  --port N        port to listen on (default 4010; 0 picks a free one)
  --host HOST     address to listen on (default 127.0.0.1)
  --seed N        faker seed for the generated pets (default ${defaultModelOptions.seed})
  --pets N        how many pets to start with, fixtures included (default ${defaultModelOptions.pets})
  --api-key KEY   a key to accept as "Authorization: Bearer KEY"; repeat for several
  -h, --help      show this text

Keys: --api-key, else PETSTORE_API_KEY (comma-separated), else the development key
"${developmentApiKey}". Keys you give are never printed.`
}

/**
 * The standalone server's command line (`npm start`, `petstore-mock`): parses the flags, serves until
 * SIGINT or SIGTERM; a mistake is one line on stderr and exit code 2.
 * @example await runMockCli(process.argv.slice(2), process.env, 'petstore-mock')
 */
export async function runMockCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  command: string,
): Promise<void> {
  await runCli(async () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: String(defaultModelOptions.seed) },
        pets: { type: 'string', default: String(defaultModelOptions.pets) },
        'api-key': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    })
    if (values.help) {
      console.log(mockHelp(command))
      return 0
    }
    const port = parseInteger('--port', values.port, 0, 65_535)
    const seed = parseInteger('--seed', values.seed, 0, 2 ** 31 - 1)
    const pets = parseInteger('--pets', values.pets, 0, 1_000_000)
    const { keys, development } = resolveApiKeys(values['api-key'], env.PETSTORE_API_KEY)

    const mock = await startPetStoreServer({ seed, pets, apiKeys: keys, host: values.host, port }).catch(
      (error: NodeJS.ErrnoException) => {
        throw new CliError(`Failed to listen on ${values.host}:${port}: ${error.code ?? error.message}.`)
      },
    )
    const { baseUrl, messagesBaseUrl } = mock
    const keyNote = development
      ? `development key "${developmentApiKey}"`
      : `${keys.length} API key(s) from ${values['api-key'].length > 0 ? '--api-key' : 'PETSTORE_API_KEY'}`
    console.log(
      `Pet Store mock ready: ${baseUrl} (messages: ${messagesBaseUrl}/messages), ${pets} pets, seed ${seed}, ${keyNote}`,
    )

    const stop = (signal: string): void => {
      console.log(`Pet Store mock stopping (${signal})`)
      void mock.close().then(() => process.exit(0))
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
}
