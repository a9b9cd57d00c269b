import { parseArgs } from 'node:util'
import { parseInteger } from '../mocks/cli/parse-integer.ts'
import { CliError, runCli } from '../mocks/cli/run-cli.ts'
import { developmentApiKey } from '../mocks/core/create-pet-store-core.ts'
import { defaultModelOptions } from '../mocks/model/create-pet-store-model.ts'
import { isLoopbackHost } from '../mocks/node/is-loopback-host.ts'
import { resolveApiKeys } from '../mocks/node/resolve-api-keys.ts'
import { startPetStoreServer } from '../mocks/node/start-pet-store-server.ts'

const help = `Usage: npm start -- [options]

Serves the Pet Store mock on loopback: the pets API under /v1, the messages API at the root.

Options:
  --port N        port to listen on (default 4010; 0 picks a free one)
  --host HOST     address to listen on (default 127.0.0.1)
  --seed N        faker seed for the generated pets (default ${defaultModelOptions.seed})
  --pets N        how many pets to start with, fixtures included (default ${defaultModelOptions.pets})
  --api-key KEY   a key to accept as "Authorization: Bearer KEY"; repeat for several
  --admin-token T what /__mock requires as "Authorization: Bearer T" when --host is not
                  loopback (default: PETSTORE_ADMIN_TOKEN; without one /__mock answers 403 there)
  --journal-size N  requests GET /__mock/requests keeps (default 1000)
  --max-sessions N  X-Mock-Session stores at most, least recently used dropped (default 1000)
  -h, --help      show this text

Keys: --api-key, else PETSTORE_API_KEY (comma-separated), else the development key
"${developmentApiKey}". Keys and the admin token you give are never printed.

Mock controls (see the README): a Prefer header (code=, delay=, fault=) on any API request;
the admin API under /__mock (reset, requests, rules, state), open on loopback; X-Mock-Session.`

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string', default: String(defaultModelOptions.seed) },
      pets: { type: 'string', default: String(defaultModelOptions.pets) },
      'api-key': { type: 'string', multiple: true, default: [] },
      'admin-token': { type: 'string' },
      'journal-size': { type: 'string', default: '1000' },
      'max-sessions': { type: 'string', default: '1000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const port = parseInteger('--port', values.port, 0, 65_535)
  const seed = parseInteger('--seed', values.seed, 0, 2 ** 31 - 1)
  const pets = parseInteger('--pets', values.pets, 0, 1_000_000)
  const { keys, development } = resolveApiKeys(values['api-key'], process.env.PETSTORE_API_KEY)

  const journalSize = parseInteger('--journal-size', values['journal-size'], 0, 1_000_000)
  const maxSessions = parseInteger('--max-sessions', values['max-sessions'], 1, 100_000)
  const adminToken = values['admin-token'] ?? process.env.PETSTORE_ADMIN_TOKEN
  const options = { seed, pets, apiKeys: keys, host: values.host, port, adminToken, journalSize, maxSessions }
  const mock = await startPetStoreServer(options).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Failed to listen on ${values.host}:${port}: ${error.code ?? error.message}.`)
  })
  const { baseUrl, messagesBaseUrl } = mock
  const keyNote = development
    ? `development key "${developmentApiKey}"`
    : `${keys.length} API key(s) from ${values['api-key'].length > 0 ? '--api-key' : 'PETSTORE_API_KEY'}`
  const adminNote = isLoopbackHost(values.host)
    ? 'admin API open on loopback'
    : adminToken
      ? 'admin API needs the admin token'
      : 'admin API closed (no admin token)'
  console.log(
    `Pet Store mock ready: ${baseUrl} (messages: ${messagesBaseUrl}/messages), ${pets} pets, seed ${seed}, ${keyNote}, ${adminNote} at ${new URL(baseUrl).origin}/__mock`,
  )

  const stop = (signal: string): void => {
    console.log(`Pet Store mock stopping (${signal})`)
    void mock.close().then(() => process.exit(0))
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
})
