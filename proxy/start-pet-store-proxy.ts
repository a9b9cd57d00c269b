import type { Exchange, ExchangeRequest } from '../contract-tests/shared/exchange.ts'
import type { TargetInfo } from '../contract-tests/shared/run-result.ts'
import type { JournalFinding } from '../mocks/core/controls/request-journal.ts'
import { createPetStoreCore, type PetStoreCore } from '../mocks/core/create-pet-store-core.ts'
import { findRoute } from '../mocks/core/route-table.ts'
import { createPetStoreModel } from '../mocks/model/create-pet-store-model.ts'
import type { OperationSpec } from '../spec/operations.ts'
import type { OperationId } from '../spec/types.ts'
import { faultResult } from './answer-fault.ts'
import { createProxyServer, type ProxiedRequest } from './create-proxy-server.ts'
import { credentialsOf, defaultSecretNames, type SecretNames } from './credentials-of.ts'
import { requestExcerpt } from './exchange-excerpt.ts'
import { judgeAnswer } from './judge-answer.ts'
import { LearnedSecrets, learnedSecretsBound } from './learned-secrets.ts'
import { openPetRecording, type PetRecording } from './pet-recording.ts'
import { proxyAdminPage } from './proxy-admin-page.ts'
import type { ProxyCapacity } from './proxy-capacity.ts'
import type { ProxyOrigins } from './proxy-origin.ts'
import { ProxyReport, type ProxyReportSummary } from './proxy-report.ts'

interface PetStoreProxyOptions {
  origins: ProxyOrigins
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port. */
  port?: number
  adminToken?: string
  allowedHosts?: ReadonlyArray<string>
  /** Requests the journal keeps (`--journal-size`). Default 1000. */
  journalSize?: number
  /** Keys known from the start (`PETSTORE_API_KEY`), kept out of every output besides those the app sends. */
  secrets?: ReadonlyArray<string>
  /** Query parameters and header fields besides `Authorization` that carry a key (`--secret-param`, …). */
  secretNames?: SecretNames
  /** Where the reports go (`--report-dir`). */
  reportDir: string
  /** Deviations fail the report like violations (`--strict`). */
  strict?: boolean
  /** The state file the deployment's pets are recorded in (`--record`). */
  recordPath?: string
  /** How long the deployment has to answer (`--deployment-timeout`). Default 30 s. */
  timeoutMs?: number
  /** Sockets the proxy may hold at once. Default: below the open-file limit. */
  maxSockets?: number
}

export interface PetStoreProxy {
  /** The proxy's pets API, e.g. `http://127.0.0.1:4010/v1`, and its messages base. */
  baseUrl: string
  messagesBaseUrl: string
  /** Its journal and admin API. */
  core: PetStoreCore
  recording: PetRecording | undefined
  /** What it holds at once at most. */
  capacity: ProxyCapacity
  /** Writes the reports of the traffic so far (`POST /__mock/report` does the same). */
  report(): Promise<ProxyReportSummary>
  /** Waits for the answers being judged, stops listening and writes the last of the recording. */
  close(): Promise<void>
}

/** The operations whose answers hold pets the deployment has: a list, a read, a create. */
const petAnswers: ReadonlySet<OperationId> = new Set(['listPets', 'getPet', 'createPet'])

/** The longest path or query the journal keeps of a request, as the mock's router keeps it. */
const journalText = 2_048

/**
 * The mock as a validating, recording proxy (`petstore-mock --proxy URL`): forwards the app's requests to the
 * deployment (`createProxyServer`), judges each answer by the contract suite's checks (`judgeAnswer`) once the app
 * has it, puts the findings in the journal beside the request, gathers them for the reports (`ProxyReport`) and, with
 * `recordPath`, records the pets the deployment answered (`openPetRecording`). Every credential a request carries is
 * learned for the life of the process (`LearnedSecrets`) and kept out of the journal, the reports and the recording,
 * whichever answer echoes it.
 * @example
 * const proxy = await startPetStoreProxy({ origins, reportDir: 'reports/proxy' })
 * // … the app's tests against proxy.baseUrl …
 * const { exitCode } = await proxy.report()
 * await proxy.close()
 * @throws StateFileError when the `--record` file exists and is no state file
 */
export async function startPetStoreProxy(options: PetStoreProxyOptions): Promise<PetStoreProxy> {
  const { origins, reportDir, journalSize, secretNames = defaultSecretNames } = options
  const recording = options.recordPath === undefined ? undefined : await openPetRecording(options.recordPath)
  const model = await createPetStoreModel({ pets: 0, fixtures: [] })
  const core = createPetStoreCore({ model, journalSize })
  const secrets = new LearnedSecrets(options.secrets ?? [])
  const target: TargetInfo = {
    name: `proxy to ${origins.pets.baseUrl}`,
    baseUrl: origins.pets.baseUrl,
    messagesBaseUrl: origins.messages.baseUrl,
    readOnly: false,
  }
  const report = new ProxyReport(target, { strict: options.strict ?? false })
  let keysInPets = 0
  const judging = new Set<Promise<void>>()
  const writeReport = async (): Promise<ProxyReportSummary> => {
    await Promise.all(judging)
    if (secrets.pastBound > 0)
      report.note(
        'bound',
        `${secrets.pastBound.toLocaleString('en-US')} credentials came past the bound of those the proxy learns ` +
          `(${learnedSecretsBound.credentials.toLocaleString('en-US')}, or ` +
          `${learnedSecretsBound.characters.toLocaleString('en-US')} characters): each was kept out of its own ` +
          "request's records only.",
      )
    return report.write(reportDir, (value) => secrets.redact(value))
  }

  // Judged once the requests that came meanwhile have been forwarded (`setImmediate` runs after the I/O at hand):
  // under load the app's next answer does not wait for the verdict on the last one.
  const observe = (proxied: ProxiedRequest): void => {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => settle(proxied))
      .catch(() => {})
      .finally(() => proxied.release())
    judging.add(done)
    void done.then(() => judging.delete(done))
  }

  async function settle(proxied: ProxiedRequest): Promise<void> {
    const own = secrets.learn(credentialsOf(proxied.clientHeaders, proxied.search, secretNames))
    const match = findRoute(proxied.target.base, proxied.method, proxied.target.below)
    const route = match?.kind === 'operation' ? match.route : null
    let findings: Array<JournalFinding> | undefined
    if (proxied.clientGone) findings = undefined
    else if (proxied.refused !== undefined) report.addRefused()
    else if (route === null) report.addUnrouted()
    else if (proxied.answer || proxied.failure) {
      const request = exchangeRequest(proxied)
      const exchange = await exchangeOf(proxied, route, match?.kind === 'operation' ? match.params : {}, request)
      // Only what is kept is redacted: the report's few exchanges, the journal's findings.
      const redact = <T>(value: T): T => secrets.redact(value, own)
      report.add(exchange, redact, proxied.answer?.unjudged ? proxied.answer.status : undefined)
      findings = journalFindings(exchange).map((finding) => ({ ...finding, message: redact(finding.message) }))
      const pets = recording && petAnswers.has(route.operationId) && !exchange.transportError
      if (pets) recordPets(recording, exchange, route.method, own)
    }
    const path = (text: string) => cut(secrets.redactText(text, own))
    const status = proxied.clientGone ? null : (proxied.own?.status ?? proxied.answer?.status ?? null)
    const ticket = core.journal.record({
      method: proxied.method,
      path: path(proxied.pathname),
      search: path(proxied.search),
      status,
      durationMs: proxied.answeredAt - proxied.arrivedAt,
      at: proxied.arrivedAt,
      session: null,
      route,
      ...(findings && { findings }),
    })
    if (proxied.clientGone) core.journal.drop(ticket, 'the client went away before the answer was written')
  }

  /** The pets of a successful list, read or create into the recording, every credential in them replaced. */
  function recordPets(into: PetRecording, exchange: Exchange, method: string, own: ReadonlyArray<string>): void {
    const { request, response } = exchange
    if (!response || request.method !== method || response.status >= 300 || !response.jsonParsed) return
    const { json } = response
    const pets = Array.isArray(json) ? json : [json]
    const safe = pets.map((pet) => secrets.redact(pet, own))
    const changed = safe.filter((pet, index) => JSON.stringify(pet, bigints) !== JSON.stringify(pets[index], bigints))
    if (changed.length > 0) {
      keysInPets += changed.length
      report.note(
        'keys in pets',
        `${keysInPets.toLocaleString('en-US')} answered pet${keysInPets === 1 ? '' : 's'} held a credential in ` +
          `${keysInPets === 1 ? 'its' : 'their'} fields: recorded with $PETSTORE_API_KEY in its place.`,
      )
      into.noteKeysReplaced(changed.length)
    }
    into.add(safe)
  }

  const server = createProxyServer({
    core,
    origins,
    host: options.host,
    port: options.port ?? 0,
    adminToken: options.adminToken,
    allowedHosts: options.allowedHosts,
    timeoutMs: options.timeoutMs,
    maxSockets: options.maxSockets,
    observe,
    report: writeReport,
    traffic: () => secrets.redact(report.traffic()),
    page: proxyAdminPage,
  })
  const { baseUrl, messagesBaseUrl } = await server.listen()
  return {
    baseUrl,
    messagesBaseUrl,
    core,
    recording,
    capacity: server.capacity,
    report: writeReport,
    close: async () => {
      await server.close()
      await Promise.all(judging)
      await recording?.flush()
    },
  }
}

/** The exchange of a request that ended: judged, invalid (its fault a violation), or with why no verdict came. */
async function exchangeOf(
  proxied: ProxiedRequest,
  route: OperationSpec,
  params: Readonly<Record<string, string | undefined>>,
  request: ExchangeRequest,
): Promise<Exchange> {
  const { answer, failure } = proxied
  const bare: Exchange = { operationId: route.operationId, request, results: [] }
  if (failure?.kind === 'invalid' && failure.fault) return { ...bare, results: [faultResult(failure.fault)] }
  if (answer?.unjudged) return { ...bare, transportError: `Not judged: ${answer.unjudged}.` }
  const exchange = answer ? await judgeAnswer(route, params, request, answer) : bare
  if (failure) exchange.transportError = failure.message
  return exchange
}

/** The proxy's own findings on an answer it could not pass on, whose bytes the journal shows. */
const faultChecks = new Set(['answer_message_syntax', 'unrequested_upgrade'])

/** JSON text of a value with int64 values: a pet's fields compared before and after redaction. */
const bigints = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? String(value) : value)

/**
 * The request as the suite's exchange records it: sent to the deployment, with the headers the deployment got, its
 * body cut to an excerpt (`requestExcerpt`): the checks read no request body, and a report keeps no megabyte.
 */
function exchangeRequest(proxied: ProxiedRequest): ExchangeRequest {
  const headers: Record<string, string> = {}
  for (let i = 0; i + 1 < proxied.rawHeaders.length; i += 2) {
    const name = (proxied.rawHeaders[i] as string).toLowerCase()
    // The URL says the host, and curl frames the body and names no gateway.
    if (name === 'host' || name === 'content-length' || name === 'via') continue
    const value = proxied.rawHeaders[i + 1] as string
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  const request: ExchangeRequest = { method: proxied.method, url: proxied.target.url, headers }
  if (proxied.body === undefined) return request
  const bytes = Buffer.from(proxied.body.buffer, proxied.body.byteOffset, proxied.body.byteLength)
  const start = bytes.subarray(0, 4 * 1_024)
  const text = start.toString('utf8')
  const latin1 = start.toString('latin1')
  const body = Buffer.from(text).toString('latin1') === latin1 ? { body: text } : { body: text, bodyLatin1: latin1 }
  return requestExcerpt({ ...request, ...body }, bytes.byteLength)
}

/** The findings of a judged (and redacted) exchange as the journal shows them. */
function journalFindings(exchange: Exchange): Array<JournalFinding> {
  const findings: Array<JournalFinding> = exchange.results
    .filter((result) => result.outcome !== 'passed')
    .map((result) => ({
      level: result.level ?? (result.outcome === 'failed' ? 'violation' : 'deviation'),
      check: result.check,
      // A fault of the answer's bytes (a status line, a 101): the bytes say what it was.
      message: faultChecks.has(result.check) ? `${result.message} Received: ${result.received}` : result.message,
    }))
  if (exchange.transportError)
    findings.push({ level: 'error', check: 'deployment_answer', message: exchange.transportError })
  return findings
}

function cut(text: string): string {
  return text.length > journalText ? `${text.slice(0, journalText)}…` : text
}
