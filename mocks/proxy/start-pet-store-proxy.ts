import { redactText } from '../../contract-tests/reports/redact.ts'
import type { Exchange, ExchangeRequest } from '../../contract-tests/shared/exchange.ts'
import type { TargetInfo } from '../../contract-tests/shared/run-result.ts'
import type { OperationId } from '../../spec/types.ts'
import type { JournalFinding } from '../core/controls/request-journal.ts'
import { createPetStoreCore, type PetStoreCore } from '../core/create-pet-store-core.ts'
import { findRoute } from '../core/route-table.ts'
import { createPetStoreModel } from '../model/create-pet-store-model.ts'
import { createProxyServer, type ProxiedRequest } from './create-proxy-server.ts'
import { credentialsOf, LearnedSecrets } from './credentials-of.ts'
import { judgeAnswer } from './judge-answer.ts'
import { openPetRecording, type PetRecording } from './pet-recording.ts'
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
  /** Where the reports go (`--report-dir`). */
  reportDir: string
  /** Deviations fail the report like violations (`--strict`). */
  strict?: boolean
  /** The state file the deployment's pets are recorded in (`--record`). */
  recordPath?: string
  /** How long the deployment has to answer. Default 30 s. */
  timeoutMs?: number
}

export interface PetStoreProxy {
  /** The proxy's pets API, e.g. `http://127.0.0.1:4010/v1`, and its messages base. */
  baseUrl: string
  messagesBaseUrl: string
  /** Its journal and admin API. */
  core: PetStoreCore
  recording: PetRecording | undefined
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
 * kept out of the journal, the reports and the recording.
 * @example
 * const proxy = await startPetStoreProxy({ origins, reportDir: 'reports/proxy' })
 * // … the app's tests against proxy.baseUrl …
 * const { exitCode } = await proxy.report()
 * await proxy.close()
 * @throws StateFileError when the `--record` file exists and is no state file
 */
export async function startPetStoreProxy(options: PetStoreProxyOptions): Promise<PetStoreProxy> {
  const { origins, reportDir, journalSize } = options
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
  const judging = new Set<Promise<void>>()
  const writeReport = async (): Promise<ProxyReportSummary> => {
    await Promise.all(judging)
    return report.write(reportDir, secrets.all())
  }

  const observe = (proxied: ProxiedRequest): void => {
    const done = settle(proxied).catch(() => {})
    judging.add(done)
    void done.then(() => judging.delete(done))
  }

  async function settle(proxied: ProxiedRequest): Promise<void> {
    const known = secrets.learn(credentialsOf(proxied.clientHeaders))
    const match = findRoute(proxied.target.base, proxied.method, proxied.target.below)
    const route = match?.kind === 'operation' ? match.route : null
    let findings: Array<JournalFinding> | undefined
    if (proxied.clientGone) findings = undefined
    else if (route === null) {
      if (!proxied.own) report.addUnrouted()
    } else if (proxied.answer || proxied.failure) {
      const request = exchangeRequest(proxied)
      const exchange: Exchange = proxied.answer
        ? await judgeAnswer(route, match?.kind === 'operation' ? match.params : {}, request, proxied.answer)
        : { operationId: route.operationId, request, results: [] }
      if (proxied.failure) exchange.transportError = proxied.failure.message
      report.add(exchange, known)
      findings = journalFindings(exchange, known)
      if (recording && exchange.response && petAnswers.has(route.operationId) && !exchange.transportError)
        recordPets(recording, exchange, route.method)
    }
    const path = (text: string) => cut(known.length > 0 ? redactText(text, known) : text)
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

  const server = createProxyServer({
    core,
    origins,
    host: options.host,
    port: options.port ?? 0,
    adminToken: options.adminToken,
    allowedHosts: options.allowedHosts,
    timeoutMs: options.timeoutMs,
    observe,
    report: writeReport,
  })
  const { baseUrl, messagesBaseUrl } = await server.listen()
  return {
    baseUrl,
    messagesBaseUrl,
    core,
    recording,
    report: writeReport,
    close: async () => {
      await server.close()
      await Promise.all(judging)
      await recording?.flush()
    },
  }
}

/** The request as the suite's exchange records it: sent to the deployment, with the headers the deployment got. */
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
  const text = Buffer.from(proxied.body).toString('utf8')
  const latin1 = Buffer.from(proxied.body).toString('latin1')
  return Buffer.from(text).toString('latin1') === latin1
    ? { ...request, body: text }
    : { ...request, body: text, bodyLatin1: latin1 }
}

/** The findings of a judged exchange as the journal shows them, every credential kept out. */
function journalFindings(exchange: Exchange, secrets: ReadonlyArray<string>): Array<JournalFinding> {
  const safe = (text: string) => (secrets.length > 0 ? redactText(text, secrets) : text)
  const findings: Array<JournalFinding> = exchange.results
    .filter((result) => result.outcome !== 'passed')
    .map((result) => ({
      level: result.level ?? (result.outcome === 'failed' ? 'violation' : 'deviation'),
      check: result.check,
      message: safe(result.message),
    }))
  if (exchange.transportError)
    findings.push({ level: 'error', check: 'deployment_answer', message: safe(exchange.transportError) })
  return findings
}

/** The pets of a successful list, read or create, into the recording. */
function recordPets(recording: PetRecording, exchange: Exchange, method: string): void {
  const { request, response } = exchange
  if (!response || request.method !== method || response.status >= 300 || !response.jsonParsed) return
  const { json } = response
  recording.add(Array.isArray(json) ? json : [json])
}

function cut(text: string): string {
  return text.length > journalText ? `${text.slice(0, journalText)}…` : text
}
