// Brings vitest's `test` key into vite's config type for startVitest's overrides.

import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type {} from 'vitest/config'
import type { MockServer } from '../../mocks/node/create-mock-server.ts'
import { consoleSummary } from '../reports/console-summary.ts'
import { redact, redactText } from '../reports/redact.ts'
import { writeReports } from '../reports/write-reports.ts'
import type { TargetInfo } from '../run/run-result.ts'
import { apiKeyVariable, type ContractConfig, type TargetSpec } from '../vitest/contract-config.ts'
import { ContractReporter } from '../vitest/contract-reporter.ts'
import { checkReachable } from './check-reachable.ts'
import { contractHelp } from './contract-help.ts'
import { ConfigError, type RunConfig, resolveRunConfig } from './resolve-run-config.ts'

// The suite sits beside this file's folder as .ts in the repository and as compiled .js in the package; vitest's
// root is its own folder so that no vitest config of the project it is installed in applies.
const suiteExtension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const suiteRoot = fileURLToPath(new URL('../vitest/', import.meta.url))
const inProcessBase = { baseUrl: 'http://petstore.mock/v1', messagesBaseUrl: 'http://petstore.mock' }

export interface CliIo {
  out(line: string): void
  err(line: string): void
}

/**
 * `npm run contract` and `petstore-contract`: resolves the target, runs the suite under vitest, prints the summary, writes
 * the reports and returns the exit code. Never throws: every failure is one line and code 2.
 * @example process.exitCode = await runContractCli(process.argv.slice(2), process.env, console)
 */
export async function runContractCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
  command = 'npm run contract --',
): Promise<number> {
  let secrets: Array<string> = []
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
  secrets = secretsFrom(argv)
  let server: MockServer | undefined
  try {
    const { values } = parseArgs({
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
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    })
    if (values.help) {
      io.out(contractHelp(command))
      return 0
    }
    const config = resolveRunConfig(values, env)
    secrets = [config.apiKey, ...secrets]
    let target: TargetSpec
    if (config.target === 'mock') {
      target = { name: 'mock (in-process)', kind: 'in-process', ...inProcessBase }
    } else if (config.target === 'local') {
      // Loaded only here: a run against another target has no use for the mock's modules.
      const [{ createPetStoreModel }, { createPetStoreCore }, { createMockServer }] = await Promise.all([
        import('../../mocks/model/create-pet-store-model.ts'),
        import('../../mocks/core/create-pet-store-core.ts'),
        import('../../mocks/node/create-mock-server.ts'),
      ])
      const model = await createPetStoreModel()
      server = createMockServer({ core: createPetStoreCore({ model, apiKeys: [config.apiKey] }), port: 0 })
      target = { name: 'local (standalone mock)', kind: 'http', ...(await server.listen()) }
    } else {
      target = {
        name: config.target === 'url' ? 'url' : config.target,
        kind: 'http',
        baseUrl: config.baseUrl!,
        messagesBaseUrl: config.messagesBaseUrl!,
      }
      await checkReachable(target.baseUrl, config.apiKey, Math.min(config.timeoutMs, 5000))
    }
    return await runSuite(config, target, io, secrets)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const known = error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    io.err(`error: ${redactText(known ? message : `The contract run failed: ${message}`, secrets).split('\n')[0]}`)
    return 2
  } finally {
    await server?.close()
  }
}

async function runSuite(config: RunConfig, target: TargetSpec, io: CliIo, secrets: Array<string>): Promise<number> {
  const info: TargetInfo = {
    name: target.name,
    baseUrl: target.baseUrl,
    messagesBaseUrl: target.messagesBaseUrl,
    readOnly: config.readOnly,
  }
  const reporter = new ContractReporter(info)
  const contract: ContractConfig = { target, readOnly: config.readOnly, timeoutMs: config.timeoutMs, only: config.only }
  // The key reaches the vitest worker through its environment only; it is never in provided data.
  process.env[apiKeyVariable] = config.apiKey
  const { startVitest } = await import('vitest/node')
  const vitest = await startVitest(
    'test',
    [],
    { config: false, watch: false, reporters: [reporter], root: suiteRoot },
    {
      test: {
        include: [`contract.suite${suiteExtension}`],
        // vitest's default exclude holds **/node_modules/**: where the package is installed, the suite is in there.
        exclude: [],
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
      `error: ${redactText(`The contract suite could not run: ${reporter.failure ?? 'no result'}`, secrets).split('\n')[0]}`,
    )
    return 2
  }
  const result = redact(reporter.result, secrets)
  io.out(consoleSummary(result))
  const paths = await writeReports(result, config.reportDir)
  io.out(`Reports: ${paths.join(', ')}`)
  return result.exitCode
}
