import { onStopRequest } from '../mocks/lifecycle/on-stop-request.ts'
import { isLoopbackHost } from '../mocks/node/is-loopback-host.ts'
import { StateFileError } from '../mocks/persistence/state-file.ts'
import { CliError } from '../shared/cli-error.ts'
import { parseInteger } from '../shared/parse-integer.ts'
import { impliedMessagesBase, messagesPath, ProxyOriginError, parseProxyOrigin } from './proxy-origin.ts'
import { startPetStoreProxy } from './start-pet-store-proxy.ts'

const plural = (count: number, one: string): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : `${one}s`}`

/** The serve CLI's options for the proxy, in `node:util` parseArgs form. */
export const proxyServeOptions = {
  proxy: { type: 'string' },
  'messages-proxy': { type: 'string' },
  record: { type: 'string' },
  'report-dir': { type: 'string' },
  strict: { type: 'boolean', default: false },
  'secret-param': { type: 'string', multiple: true, default: [] as Array<string> },
  'secret-header': { type: 'string', multiple: true, default: [] as Array<string> },
  'deployment-timeout': { type: 'string', default: '30' },
} as const

/** The part of the serve CLI's `--help` that lists `proxyServeOptions`. */
export const proxyServeHelp = `Proxy (docs/proxy.md): forward every request to a deployment and judge its answers
  --proxy URL         forward /v1/... to this base URL (e.g. https://staging.example.com/v1), as
                      sent, credentials included; each answer is judged by the contract suite's
                      checks, its findings shown in the journal; no pets of its own are served
  --messages-proxy URL  where /messages goes (default: the --proxy URL without its /v1)
  --report-dir DIR    JSON, JUnit and HTML reports, written at stop and at POST /__mock/report
                      (default reports/proxy); the exit code at stop is the report's: 0 conformant,
                      1 a violation, 2 nothing could be judged
  --strict            a deviation from the spec's choices fails the report too
  --record FILE       keep the pets the deployment answered in FILE, a state file that
                      --state-file FILE serves without --proxy; an existing one is extended
  --secret-param NAME   a query parameter that carries a key, kept out of every output like
                      Authorization's (repeatable; api_key, apikey and access_token always are)
  --secret-header NAME  a header field that carries a key (repeatable; X-API-Key and API-Key
                      always are)
  --deployment-timeout SECONDS  how long the deployment has for a whole answer before the app
                      gets a 504 (default 30)`

interface ProxyServeValues {
  proxy?: string
  'messages-proxy'?: string
  record?: string
  'report-dir'?: string
  strict: boolean
  'secret-param': ReadonlyArray<string>
  'secret-header': ReadonlyArray<string>
  'deployment-timeout': string
  host: string
  port: number
  adminToken?: string
  allowedHosts: ReadonlyArray<string>
  journalSize: number
  /** Keys the user gave (`--api-key`, `PETSTORE_API_KEY`): kept out of every output like the app's. */
  secrets: ReadonlyArray<string>
}

/** Options that give the mock pets of its own, which a proxy has none of. */
const mockOnly = ['state-file', 'fixtures', 'now', 'pets', 'seed'] as const

/**
 * Refuses the mock's own data options beside `--proxy`, and proxy options without it: each is a mistake to name.
 * @example assertProxyOptions({ proxy: 'https://x/v1' }, ['--proxy', 'https://x/v1'])
 * @throws CliError naming the option that does not apply
 */
export function assertProxyOptions(values: Record<string, unknown>, argv: ReadonlyArray<string>): void {
  const named = (option: string) => argv.some((arg) => arg === `--${option}` || arg.startsWith(`--${option}=`))
  if (values.proxy === undefined) {
    const stray = Object.keys(proxyServeOptions).find((option) => option !== 'proxy' && named(option))
    if (stray) throw new CliError(`--${stray} applies only with --proxy URL; see --help.`)
    return
  }
  const mine = mockOnly.find(named)
  if (mine) throw new CliError(`--${mine} does not apply with --proxy: the proxy serves the deployment's pets.`)
}

/**
 * Runs the proxy until SIGINT, SIGTERM or the end of the process that started it; then writes the reports and
 * resolves with their exit code, the process's.
 * @example return await runProxy(values)
 * @throws CliError with one line: a bad URL, an unreadable `--record` file, a busy port
 */
export async function runProxy(values: ProxyServeValues, onListenError: (error: unknown) => never): Promise<number> {
  const origins = (() => {
    try {
      const pets = parseProxyOrigin('--proxy', values.proxy ?? '')
      const messages = parseProxyOrigin(
        '--messages-proxy',
        values['messages-proxy'] ?? impliedMessagesBase(pets.baseUrl),
      )
      return { pets, messages }
    } catch (error) {
      if (error instanceof ProxyOriginError) throw new CliError(error.message)
      throw error
    }
  })()
  const reportDir = values['report-dir'] ?? 'reports/proxy'
  const timeoutSeconds = parseInteger('--deployment-timeout', values['deployment-timeout'], 1, 3_600)
  const proxy = await startPetStoreProxy({
    origins,
    host: values.host,
    port: values.port,
    adminToken: values.adminToken,
    allowedHosts: values.allowedHosts,
    journalSize: values.journalSize,
    secrets: values.secrets,
    secretNames: { params: values['secret-param'], headers: values['secret-header'] },
    timeoutMs: timeoutSeconds * 1_000,
    reportDir,
    strict: values.strict,
    recordPath: values.record,
  }).catch((error: unknown) => {
    if (error instanceof StateFileError) throw new CliError(`--record: ${error.message}`)
    return onListenError(error)
  })
  const stopped = new Promise<string>((resolve) => onStopRequest(resolve))
  const admin = isLoopbackHost(values.host) ? 'admin API open on loopback' : 'admin API needs the admin token'
  console.log(
    `Pet Store proxy ready: ${proxy.baseUrl} -> ${origins.pets.baseUrl}, ` +
      `${proxy.messagesBaseUrl}${messagesPath} -> ${origins.messages.baseUrl}${messagesPath}, ` +
      `reports in ${reportDir}${proxy.recording ? `, recording pets in ${proxy.recording.path}` : ''}, ` +
      `${admin} at ${new URL(proxy.baseUrl).origin}/__mock`,
  )
  const reason = await stopped
  // A second signal while the reports are written waits for them: the exit code is theirs.
  const meanwhile = (): void => console.log('Pet Store proxy: writing the reports, then stopping')
  process.on('SIGINT', meanwhile)
  process.on('SIGTERM', meanwhile)
  console.log(`Pet Store proxy stopping (${reason})`)
  await proxy.close()
  const summary = await proxy.report()
  const { counts } = summary
  const verdict = summary.passed
    ? 'conformant'
    : summary.exitCode === 1
      ? 'contract violations'
      : `not judged: ${summary.targetError}`
  const { judged, exchanges } = summary.traffic
  console.log(
    `Proxy report: ${verdict}; ${plural(judged, 'exchange')} judged of ${plural(exchanges, 'request')} forwarded; ` +
      `${plural(counts.tests, 'test case')} (${counts.failed} failed, ${counts.errors} not judged), ` +
      `${plural(counts.violations, 'violation')}, ${plural(counts.deviations, 'deviation')}; ` +
      summary.files.join(', '),
  )
  if (proxy.recording) console.log(proxy.recording.note())
  process.off('SIGINT', meanwhile)
  process.off('SIGTERM', meanwhile)
  return summary.exitCode
}
