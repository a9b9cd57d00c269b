import { fileURLToPath } from 'node:url'
// Brings vitest's `test` key into vite's config type (startVitest's overrides) in any program, the package's too.
import type {} from 'vitest/config'
import { CliError } from '../../mocks/cli/cli-error.ts'
import { parseCliArgs } from '../../mocks/cli/parse-cli-args.ts'
import { type CliIo, runCli } from '../../mocks/cli/run-cli.ts'
import type { PetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { consoleSummary } from '../reports/console-summary.ts'
import { redact, redactText } from '../reports/redact.ts'
import { writeReports } from '../reports/write-reports.ts'
import { apiKeyVariable, type ContractConfig, type TargetSpec } from '../vitest/contract-config.ts'
import { ContractReporter } from '../vitest/contract-reporter.ts'
import { checkReachable } from './check-reachable.ts'
import { contractHelp } from './contract-help.ts'
import { type RunConfig, resolveRunConfig } from './resolve-run-config.ts'

// The suite sits beside this file's folder: .ts in the repository, compiled .js in the package. vitest's root is
// that folder, so that no vitest config of the project the package is installed in applies.
const suiteExtension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const suiteRoot = fileURLToPath(new URL('../vitest/', import.meta.url))
const inProcessBase = { baseUrl: 'http://petstore.mock/v1', messagesBaseUrl: 'http://petstore.mock' }

/**
 * `npm run contract` and `petstore-contract`: resolves the target, runs the suite under vitest, prints the
 * summary, writes the reports and returns the exit code. Never throws: every failure is one line and code 2.
 * `command` is what the usage line of `--help` calls it.
 * @example process.exitCode = await runContractCli(process.argv.slice(2), process.env, consoleIo, 'petstore-contract')
 */
export async function runContractCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
  command = 'npm run contract --',
): Promise<number> {
  const secretsFrom = (args: Array<string>) => {
    const index = args.findIndex((arg) => arg === '--api-key' || arg.startsWith('--api-key='))
    const flag =
      index === -1
        ? undefined
        : args[index]?.includes('=')
          ? args[index]?.split('=').slice(1).join('=')
          : args[index + 1]
    return [flag, env.PETSTORE_API_KEY].filter((key): key is string => !!key)
  }
  // Filled as keys become known, so that no error line can quote one.
  const secrets = secretsFrom(argv)
  return runCli(() => runContractMain(argv, env, io, secrets, command), {
    io,
    redact: (text) => redactText(text, secrets),
    unexpectedPrefix: 'The contract run failed: ',
  })
}

async function runContractMain(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
  secrets: Array<string>,
  command: string,
): Promise<number> {
  let server: PetStoreServer | undefined
  try {
    const { values } = parseCliArgs({
      args: argv,
      options: {
        target: { type: 'string' },
        'base-url': { type: 'string' },
        'messages-base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'read-only': { type: 'boolean' },
        'allow-writes': { type: 'boolean' },
        'report-dir': { type: 'string' },
        'timeout-ms': { type: 'string' },
        only: { type: 'string' },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
        concurrency: { type: 'string' },
        'time-budget-s': { type: 'string' },
        'min-coverage': { type: 'string' },
        'compare-with': { type: 'string' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    })
    if (values.help) {
      io.out(contractHelp(command))
      return 0
    }
    const config = resolveRunConfig(values, env)
    secrets.unshift(config.apiKey)
    let target: TargetSpec
    if (config.target === 'mock') {
      target = { name: 'mock (in-process)', kind: 'in-process', ...inProcessBase }
    } else if (config.target === 'local') {
      // Loaded only here: a run against another target has no use for the mock's modules.
      const { startPetStoreServer } = await import('../../mocks/node/start-pet-store-server.ts')
      server = await startPetStoreServer({ apiKeys: [config.apiKey] })
      const { baseUrl, messagesBaseUrl } = server
      target = { name: 'local (standalone mock)', kind: 'http', baseUrl, messagesBaseUrl }
    } else {
      target = {
        // A title that names the deployment: its host, rather than the word "url".
        name: config.target === 'url' ? new URL(config.baseUrl!).host : config.target,
        kind: 'http',
        baseUrl: config.baseUrl!,
        messagesBaseUrl: config.messagesBaseUrl!,
      }
      await checkReachable(target.baseUrl, config.apiKey, Math.min(config.timeoutMs, 5000))
    }
    return await runSuite(config, target, io, secrets)
  } finally {
    await server?.close()
  }
}

async function runSuite(config: RunConfig, target: TargetSpec, io: CliIo, secrets: Array<string>): Promise<number> {
  const reporter = new ContractReporter()
  const contract: ContractConfig = {
    target,
    readOnly: config.readOnly,
    timeoutMs: config.timeoutMs,
    only: config.only,
    explore: config.explore,
    minCoverage: config.minCoverage,
    compareWithMock: config.compareWithMock,
    strict: config.strict,
  }
  // The key reaches the vitest worker through its environment only; it is never in provided data.
  process.env[apiKeyVariable] = config.apiKey
  const { startVitest } = await importVitest()
  const vitest = await startVitest(
    'test',
    [],
    { config: false, watch: false, reporters: [reporter], root: suiteRoot },
    {
      test: {
        include: [`contract.suite${suiteExtension}`],
        // vitest's default exclude holds **/node_modules/**: where the package is installed, the suite is in there.
        exclude: [],
        // No results cache: it would be written beside the suite, inside the installed package.
        cache: false,
        provide: { petstoreContract: contract },
        pool: 'threads',
        fileParallelism: false,
        testTimeout: config.timeoutMs * 8 + 30_000,
        hookTimeout: config.timeoutMs * 40 + 30_000,
        teardownTimeout: 5_000,
      },
    },
  )
  await vitest.close()
  delete process.env[apiKeyVariable]
  if (!reporter.result) {
    io.err(
      `error: ` +
        `${redactText(`The contract suite could not run: ${reporter.failure ?? 'no result'}`, secrets).split('\n')[0]}`,
    )
    return 2
  }
  const result = redact(reporter.result, secrets)
  io.out(consoleSummary(result))
  const paths = await writeReports(result, config.reportDir)
  io.out(`Reports: ${paths.join(', ')}`)
  return result.exitCode
}

/** vitest, an optional peer of the package: only this command needs it, and a missing one is one line. */
async function importVitest(): Promise<typeof import('vitest/node')> {
  try {
    return await import('vitest/node')
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND'
    if (!missing || !(error as Error).message.includes("'vitest'")) throw error
    throw new CliError(
      'Failed to run the contract suite: expected vitest 4 or 5 beside petstore-contract, got none. ' +
        'Install it (npm install --save-dev vitest), or call runContract from petstore-contract/contract.',
    )
  }
}
