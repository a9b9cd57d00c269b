import { listenError } from '../mocks/cli/listen-error.ts'
import { parseCliArgs } from '../mocks/cli/parse-cli-args.ts'
import { parseInteger } from '../mocks/cli/parse-integer.ts'
import { runCli } from '../mocks/cli/run-cli.ts'
import { serveHelp } from '../mocks/cli/serve-help.ts'
import { developmentApiKey } from '../mocks/core/create-pet-store-core.ts'
import { defaultModelOptions } from '../mocks/model/create-pet-store-model.ts'
import { isLoopbackHost } from '../mocks/node/is-loopback-host.ts'
import { resolveApiKeys } from '../mocks/node/resolve-api-keys.ts'
import { prepareServeState, stateServeHelp, stateServeOptions } from '../mocks/node/serve-options.ts'
import { runSnapshotCli } from '../mocks/node/snapshot-cli.ts'
import { startPetStoreServer } from '../mocks/node/start-pet-store-server.ts'

process.exitCode = await runCli(async () => {
  if (process.argv[2] === 'snapshot') return runSnapshotCli(process.argv.slice(3))
  const { values } = parseCliArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string', default: String(defaultModelOptions.seed) },
      pets: { type: 'string' },
      'api-key': { type: 'string', multiple: true, default: [] },
      'admin-token': { type: 'string' },
      'journal-size': { type: 'string', default: '1000' },
      'max-sessions': { type: 'string', default: '1000' },
      help: { type: 'boolean', short: 'h', default: false },
      ...stateServeOptions,
    },
  })
  if (values.help) {
    console.log(`${serveHelp}\n\n${stateServeHelp}`)
    return 0
  }
  const port = parseInteger('--port', values.port, 0, 65_535)
  const seed = parseInteger('--seed', values.seed, 0, 2 ** 31 - 1)
  const pets = values.pets === undefined ? undefined : parseInteger('--pets', values.pets, 0, 1_000_000)
  const { keys, development } = resolveApiKeys(values['api-key'], process.env.PETSTORE_API_KEY)

  const journalSize = parseInteger('--journal-size', values['journal-size'], 0, 1_000_000)
  const maxSessions = parseInteger('--max-sessions', values['max-sessions'], 1, 100_000)
  const adminToken = values['admin-token'] ?? process.env.PETSTORE_ADMIN_TOKEN
  const state = await prepareServeState(values)
  const mock = await startPetStoreServer({
    seed,
    pets,
    apiKeys: keys,
    host: values.host,
    port,
    adminToken,
    journalSize,
    maxSessions,
    ...state.modelOptions,
  }).catch((error) => {
    throw listenError(values.host, port, error)
  })
  const { baseUrl, messagesBaseUrl } = mock
  await state.attach(mock.model).catch(async (error: unknown) => {
    await mock.close()
    throw error
  })
  const keyNote = development
    ? `development key "${developmentApiKey}"`
    : `${keys.length} API key(s) from ${values['api-key'].length > 0 ? '--api-key' : 'PETSTORE_API_KEY'}`
  const adminNote = isLoopbackHost(values.host)
    ? 'admin API open on loopback'
    : adminToken
      ? 'admin API needs the admin token'
      : 'admin API closed (no admin token)'
  console.log(
    `Pet Store mock ready: ${baseUrl} (messages: ${messagesBaseUrl}/messages), ` +
      `${mock.model.allPets().length} pets, seed ${seed}, ${keyNote}${state.note ? `, ${state.note}` : ''}, ` +
      `${adminNote} at ${new URL(baseUrl).origin}/__mock`,
  )

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`Pet Store mock stopping (${signal})`)
      void mock.close().then(() => process.exit(0))
    })
  }
})
