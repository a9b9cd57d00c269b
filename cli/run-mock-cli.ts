import { listenError } from '../mocks/cli/listen-error.ts'
import { serveHelp } from '../mocks/cli/serve-help.ts'
import { prepareServeState, stateServeHelp, stateServeOptions } from '../mocks/cli/serve-options.ts'
import { runSnapshotCli } from '../mocks/cli/snapshot-cli.ts'
import { adminBasePath } from '../mocks/core/controls/admin-api.ts'
import { allowedHostName } from '../mocks/core/controls/admin-guard.ts'
import { developmentApiKey } from '../mocks/core/create-pet-store-core.ts'
import { onStopRequest } from '../mocks/lifecycle/on-stop-request.ts'
import { defaultModelOptions } from '../mocks/model/create-pet-store-model.ts'
import { InvalidPetsError } from '../mocks/model/parse-pets.ts'
import { isLoopbackHost } from '../mocks/node/is-loopback-host.ts'
import { startPetStoreServer } from '../mocks/node/start-pet-store-server.ts'
import { assertProxyOptions, proxyServeHelp, proxyServeOptions, runProxy } from '../proxy/proxy-options.ts'
import { CliError } from '../shared/cli-error.ts'
import { parseCliArgs } from '../shared/parse-cli-args.ts'
import { parseInteger } from '../shared/parse-integer.ts'
import { resolveApiKeys } from '../shared/resolve-api-keys.ts'
import { runCli } from '../shared/run-cli.ts'
import { operations } from '../spec/operations.ts'

/**
 * The standalone server's command line (`npm start` here, `petstore-mock` where the package is installed):
 * serves until SIGINT, SIGTERM or the end of the process that started it, and returns the exit code of a
 * mistake (one line on stderr).
 * `command` is what the usage line of `--help` calls it.
 * @example process.exitCode = await runMockCli(process.argv.slice(2), process.env, 'petstore-mock')
 */
export function runMockCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  command: string,
): Promise<number> {
  return runCli(async () => {
    if (argv[0] === 'snapshot') return runSnapshotCli(argv.slice(1), env, command)
    const { values } = parseCliArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: String(defaultModelOptions.seed) },
        pets: { type: 'string' },
        'max-pets': { type: 'string', default: String(defaultModelOptions.maxPets) },
        'api-key': { type: 'string', multiple: true, default: [] },
        'admin-token': { type: 'string' },
        'allowed-host': { type: 'string', multiple: true, default: [] },
        'journal-size': { type: 'string', default: '1000' },
        'max-sessions': { type: 'string', default: '1000' },
        help: { type: 'boolean', short: 'h', default: false },
        ...stateServeOptions,
        ...proxyServeOptions,
      },
    })
    if (values.help) {
      console.log(`${serveHelp(command)}\n\n${stateServeHelp(command)}\n\n${proxyServeHelp}`)
      return 0
    }
    assertProxyOptions(values, argv)
    const port = parseInteger('--port', values.port, 0, 65_535)
    const seed = parseInteger('--seed', values.seed, 0, 2 ** 31 - 1)
    const pets = values.pets === undefined ? undefined : parseInteger('--pets', values.pets, 0, 1_000_000)
    const maxPets = parseInteger('--max-pets', values['max-pets'], 1, 100_000_000)
    if (pets !== undefined && pets > maxPets)
      throw new CliError(`--pets ${pets} is more than --max-pets ${maxPets}: raise --max-pets or seed fewer pets.`)
    const { keys, development } = resolveApiKeys(values['api-key'], env.PETSTORE_API_KEY)

    const journalSize = parseInteger('--journal-size', values['journal-size'], 0, 1_000_000)
    const maxSessions = parseInteger('--max-sessions', values['max-sessions'], 1, 100_000)
    const adminToken = values['admin-token'] ?? env.PETSTORE_ADMIN_TOKEN
    const allowedHosts = values['allowed-host'].map((value) => {
      const name = allowedHostName(value)
      if (name === undefined)
        throw new CliError(
          `--allowed-host expects a host name or address without a port (a leading dot allows the names under ` +
            `it), got ${JSON.stringify(value.slice(0, 80))}.`,
        )
      return name
    })

    if (values.proxy !== undefined) {
      const settings = { ...values, port, adminToken, allowedHosts, journalSize }
      const secrets = development ? [] : keys
      return runProxy({ ...settings, secrets }, (error) => {
        throw listenError(values.host, port, error as NodeJS.ErrnoException)
      })
    }
    const state = await prepareServeState(values, maxPets)
    const mock = await startPetStoreServer({
      seed,
      pets,
      maxPets,
      apiKeys: keys,
      host: values.host,
      port,
      adminToken,
      allowedHosts,
      journalSize,
      maxSessions,
      ...state.modelOptions,
    }).catch((error) => {
      throw error instanceof InvalidPetsError ? new CliError(error.message) : listenError(values.host, port, error)
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
    // Before the ready line: whoever reads it may stop the server at once.
    onStopRequest((reason) => {
      console.log(`Pet Store mock stopping (${reason})`)
      void mock.close().then(() => process.exit(0))
    })
    console.log(
      `Pet Store mock ready: ${baseUrl} (messages: ${messagesBaseUrl}${operations.sendMessage.path}), ` +
        `${mock.model.allPets().length} pets, seed ${seed}, ${keyNote}${state.note ? `, ${state.note}` : ''}, ` +
        `${adminNote} at ${new URL(baseUrl).origin}${adminBasePath}`,
    )
  })
}
