import { fileURLToPath } from 'node:url'
// Brings vitest's `test` key into vite's config type (startVitest's overrides) in any program, the package's too.
import type {} from 'vitest/config'
import { CliError } from '../../mocks/cli/cli-error.ts'
import type { RunResult } from '../model/run-result.ts'
import { redact } from '../reports/redact.ts'
import { apiKeyVariable, type ContractConfig, type TargetSpec } from '../vitest/contract-config.ts'
import { ContractReporter } from '../vitest/contract-reporter.ts'
import type { RunConfig } from './resolve-run-config.ts'

// The suite sits beside this file's folder: .ts in the repository, compiled .js in the package. vitest's root is
// that folder, so that no vitest config of the project the package is installed in applies.
const suiteExtension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const suiteRoot = fileURLToPath(new URL('../vitest/', import.meta.url))

/**
 * Runs the contract suite under vitest against a started target and returns the whole run, redacted.
 * Throws a `CliError` when the suite produced no result (it crashed, or could not be loaded).
 * @example const result = await runSuite(config, { name: 'staging', kind: 'http', baseUrl, messagesBaseUrl }, [key])
 */
export async function runSuite(
  config: RunConfig,
  target: TargetSpec,
  secrets: ReadonlyArray<string>,
): Promise<RunResult> {
  const reporter = new ContractReporter()
  const contract: ContractConfig = {
    target,
    readOnly: config.readOnly,
    timeoutMs: config.timeoutMs,
    only: config.only,
    explore: config.explore,
    minCoverage: config.minCoverage,
    strict: config.strict,
  }
  // The key reaches the vitest worker through its environment only; it is never in provided data.
  process.env[apiKeyVariable] = config.apiKey
  try {
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
  } finally {
    delete process.env[apiKeyVariable]
  }
  if (!reporter.result) throw new CliError(`The contract suite could not run: ${reporter.failure ?? 'no result'}`)
  return redact(reporter.result, [...secrets])
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
