import { CliError } from '../../shared/cli-error.ts'
import { resolveApiKeys } from '../../shared/resolve-api-keys.ts'
import { type ExploreOptions, exploreOptions } from '../generate/explore-options.ts'
import { selectableNames } from '../run/select-scenarios.ts'
import { withoutUserinfo } from './without-userinfo.ts'

interface ContractArgs {
  target?: string
  'base-url'?: string
  'messages-base-url'?: string
  'api-key'?: string
  'read-only'?: boolean
  'allow-writes'?: boolean
  'report-dir'?: string
  'timeout-ms'?: string
  only?: string
  seed?: string
  'max-examples'?: string
  concurrency?: string
  'time-budget-s'?: string
  'pause-s'?: string
  'min-coverage'?: string
  'compare-with'?: string
  strict?: boolean
}

export interface RunConfig {
  target: 'mock' | 'local' | 'staging' | 'production' | 'url'
  /** Unset for `mock` and `local`: known once the mock exists. */
  baseUrl?: string
  messagesBaseUrl?: string
  apiKey: string
  /**
   * The keys the mock accepts, for `mock` and `local`: those `npm start` takes, `PETSTORE_API_KEY` (comma-separated),
   * else the development key. A key the run sends that is not among them is refused, as a deployment refuses it.
   */
  mockApiKeys?: Array<string>
  readOnly: boolean
  reportDir: string
  timeoutMs: number
  only: Array<string>
  /** The exploring phases' options; the seed is drawn here when not given, so it can be printed. */
  explore: ExploreOptions
  /** The share (0-100) of the spec the run must exercise. */
  minCoverage?: number
  /** `--compare-with mock`: also run against the in-process mock and list the differences. */
  compareWithMock: boolean
  /** Deviations from the spec's choices fail the run like violations. */
  strict: boolean
}

const targets = ['mock', 'local', 'staging', 'production'] as const
const environmentUrl = { staging: 'PETSTORE_STAGING_URL', production: 'PETSTORE_PRODUCTION_URL' } as const

/**
 * Turns the CLI's flags and environment into a run configuration, or a one-line `CliError`.
 * @example resolveRunConfig({ target: 'staging' }, { PETSTORE_STAGING_URL: 'https://staging.example/v1',
 *   PETSTORE_API_KEY: 'k' })
 */
export function resolveRunConfig(args: ContractArgs, env: Record<string, string | undefined>): RunConfig {
  const named = args.target ?? (args['base-url'] ? undefined : 'mock')
  if (named !== undefined && !(targets as ReadonlyArray<string>).includes(named)) {
    throw new CliError(`--target must be one of ${targets.join(', ')}, got "${named}".`)
  }
  const target: RunConfig['target'] = (named as RunConfig['target'] | undefined) ?? 'url'
  if (args['read-only'] && args['allow-writes'])
    throw new CliError('--read-only and --allow-writes contradict each other: pass one.')

  let baseUrl = args['base-url']
  if (baseUrl === undefined && (target === 'staging' || target === 'production')) {
    baseUrl = env[environmentUrl[target]]
    if (!baseUrl)
      throw new CliError(
        `--target ${target} needs ${environmentUrl[target]} (or --base-url) to say where ${target} is.`,
      )
  }
  if ((target === 'mock' || target === 'local') && baseUrl !== undefined) {
    throw new CliError(`--base-url cannot be combined with --target ${target}: the mock's address is its own.`)
  }
  if (baseUrl !== undefined) baseUrl = httpUrl('--base-url', baseUrl)
  let messagesBaseUrl = args['messages-base-url'] ?? env.PETSTORE_MESSAGES_URL
  if (messagesBaseUrl !== undefined) messagesBaseUrl = httpUrl('--messages-base-url', messagesBaseUrl)
  else if (baseUrl !== undefined) messagesBaseUrl = baseUrl.replace(/\/v1$/, '')

  const mockApiKeys =
    target === 'mock' || target === 'local' ? resolveApiKeys([], env.PETSTORE_API_KEY).keys : undefined
  const apiKey = args['api-key'] ?? (mockApiKeys ? mockApiKeys[0] : env.PETSTORE_API_KEY) ?? ''
  if (apiKey === '') throw new CliError('No API key: pass --api-key or set PETSTORE_API_KEY.')

  const timeoutMs = Number(args['timeout-ms'] ?? '10000')
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000) {
    throw new CliError(
      `--timeout-ms expects a whole number of milliseconds from 100 to 600000, got "${args['timeout-ms']}".`,
    )
  }
  const only = (args.only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const unknown = only.filter((name) => !selectableNames.includes(name))
  if (unknown.length > 0)
    throw new CliError(
      `--only does not know ${unknown.map((name) => `"${name}"`).join(', ')}; it takes: ${selectableNames.join(', ')}.`,
    )

  const explore = exploreOptions({
    seed: wholeNumber('--seed', args.seed, 0, 2 ** 31 - 1),
    maxExamples: wholeNumber('--max-examples', args['max-examples'], 1, 100_000),
    concurrency: wholeNumber('--concurrency', args.concurrency, 1, 256),
    timeBudgetMs: mapDefined(wholeNumber('--time-budget-s', args['time-budget-s'], 1, 3600), (s) => s * 1000),
    pauseMs: mapDefined(wholeNumber('--pause-s', args['pause-s'], 1, 3600), (s) => s * 1000),
  })

  return {
    target,
    baseUrl,
    messagesBaseUrl,
    apiKey,
    ...(mockApiKeys && { mockApiKeys }),
    readOnly: args['read-only'] === true || (target === 'production' && args['allow-writes'] !== true),
    reportDir: args['report-dir'] ?? 'reports/contract',
    timeoutMs,
    only,
    explore,
    minCoverage: wholeNumber('--min-coverage', args['min-coverage'], 0, 100),
    compareWithMock: compareWith(args['compare-with']),
    strict: args.strict === true,
  }
}

function wholeNumber(flag: string, value: string | undefined, minimum: number, maximum: number): number | undefined {
  if (value === undefined) return undefined
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN
  if (number >= minimum && number <= maximum) return number
  throw new CliError(`${flag} expects a whole number from ${minimum} to ${maximum}, got "${value}".`)
}

const mapDefined = <T, U>(value: T | undefined, map: (value: T) => U): U | undefined =>
  value === undefined ? undefined : map(value)

function httpUrl(flag: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new CliError(`${flag} must be an absolute http(s) URL, got "${withoutUserinfo(value)}".`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`${flag} must use http or https, got "${url.protocol}".`)
  if (url.username || url.password)
    throw new CliError(`${flag} must not carry credentials; pass the key with --api-key.`)
  return url.href.replace(/\/$/, '')
}

function compareWith(value: string | undefined): boolean {
  if (value === undefined) return false
  if (value === 'mock') return true
  throw new CliError(`--compare-with takes "mock" (the in-process mock), got "${value}".`)
}
