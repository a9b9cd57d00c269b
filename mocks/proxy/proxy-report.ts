import { redact } from '../../contract-tests/reports/redact.ts'
import { reportCounts } from '../../contract-tests/reports/report-counts.ts'
import { writeReports } from '../../contract-tests/reports/write-reports.ts'
import { type CheckResult, type Exchange, underStrict } from '../../contract-tests/shared/exchange.ts'
import {
  countFindings,
  exitCodeOf,
  findingKey,
  type RunResult,
  type TargetInfo,
} from '../../contract-tests/shared/run-result.ts'
import { failuresOf, type ScenarioResult } from '../../contract-tests/shared/scenario-result.ts'
import { operationList } from '../../spec/operations.ts'

/** Exchanges kept of one test case: the first few, and the first to show each finding. */
const keptPlain = 3
const keptInAll = 20
/** Test cases at most (operations × statuses): a deployment answering every status there is stays bounded. */
const maxCases = 500

/** One operation and status the proxy saw: one test case of the report. */
interface ProxyCase {
  operationId: Exchange['operationId']
  status: string
  requests: number
  unsafe: number
  durationMs: number
  exchanges: Array<Exchange>
  /** Each finding (`findingKey`) by how many requests showed it. */
  findings: Map<string, { result: CheckResult; requests: number }>
  /** Why no answer came, for a case of requests that got none. */
  reason?: string
}

/** What `POST /__mock/report` answers and the proxy prints at stop. */
export interface ProxyReportSummary {
  passed: boolean
  exitCode: 0 | 1 | 2
  counts: ReturnType<typeof reportCounts>
  files: Array<string>
  /** Why the traffic could not be judged (exit code 2). */
  targetError?: string
}

/**
 * The verdicts of the traffic through the proxy, gathered as the contract suite's run result: one test case per
 * operation and status seen, each holding the first requests that showed each finding (already redacted with the
 * credentials they carried) and how many requests showed it. Bounded whatever the traffic: at most `maxCases` test
 * cases of at most `keptInAll` exchanges each.
 * @example const report = new ProxyReport(target, { strict: false }); report.add(exchange, secrets)
 */
export class ProxyReport {
  readonly #cases = new Map<string, ProxyCase>()
  readonly #startedAt = new Date()
  #judged = 0
  #answered = 0
  #unrouted = 0
  #overflow = 0

  constructor(
    readonly target: TargetInfo,
    private readonly options: { strict: boolean },
  ) {}

  /** A request that named no operation of the interface (an unknown path, a preflight): forwarded, not judged. */
  addUnrouted(): void {
    this.#unrouted++
  }

  /** One judged exchange (or one that got no answer: `transportError`), with the secrets its request carried. */
  add(exchange: Exchange, secrets: ReadonlyArray<string>): void {
    this.#judged++
    if (exchange.response) this.#answered++
    const status = exchange.response ? String(exchange.response.status) : 'no answer'
    const key = `${exchange.operationId} ${status}`
    let found = this.#cases.get(key)
    if (!found) {
      if (this.#cases.size >= maxCases) {
        this.#overflow++
        return
      }
      found = {
        operationId: exchange.operationId,
        status,
        requests: 0,
        unsafe: 0,
        durationMs: 0,
        exchanges: [],
        findings: new Map(),
      }
      this.#cases.set(key, found)
    }
    found.requests++
    if (!['GET', 'HEAD'].includes(exchange.request.method)) found.unsafe++
    found.durationMs += exchange.response?.durationMs ?? 0
    if (exchange.transportError) found.reason ??= exchange.transportError
    let fresh = false
    for (const result of exchange.results) {
      if (result.outcome === 'passed') continue
      const finding = findingKey(result)
      const seen = found.findings.get(finding)
      if (seen) seen.requests++
      else {
        found.findings.set(finding, { result, requests: 1 })
        fresh = true
      }
    }
    const keep = found.exchanges.length < keptInAll && (fresh || found.exchanges.length < keptPlain)
    if (keep) found.exchanges.push(secrets.length > 0 ? redact(exchange, secrets) : exchange)
  }

  /** The run result of the traffic so far, as the suite's reports are written from it (not yet redacted whole). */
  result(): RunResult {
    const order = operationList.map(({ operationId }) => operationId)
    const cases = [...this.#cases.values()].sort(
      (a, b) => order.indexOf(a.operationId) - order.indexOf(b.operationId) || a.status.localeCompare(b.status),
    )
    const scenarios = cases.map((item) => this.#scenarioOf(item))
    const setup = this.#setup()
    const verdict = exitCodeOf(setup, scenarios)
    return {
      target: this.target,
      startedAt: this.#startedAt.toISOString(),
      durationMs: Date.now() - this.#startedAt.getTime(),
      setup,
      scenarios,
      unsafeRequestsSent: cases.reduce((sum, item) => sum + item.unsafe, 0),
      refusedRequests: 0,
      strict: this.options.strict,
      findings: countFindings(setup, scenarios),
      ...verdict,
    }
  }

  /**
   * Writes the JSON, JUnit and HTML reports into `dir`, every credential the proxy learned redacted, and says how
   * the traffic fared: `passed` only when nothing in it violated the interface (and under `--strict`, deviated).
   * @example const { exitCode, files } = await report.write('reports/proxy', secrets.all())
   */
  async write(dir: string, secrets: ReadonlyArray<string>): Promise<ProxyReportSummary> {
    const result = redact(this.result(), secrets)
    const passed = result.exitCode === 0
    // `passed` stands beside the run's own fields in the JSON report, for a gate that reads one field.
    const files = await writeReports({ passed, ...result } as RunResult, dir)
    return {
      passed,
      exitCode: result.exitCode,
      counts: reportCounts(result),
      files,
      ...(result.targetError !== undefined && { targetError: result.targetError }),
    }
  }

  #setup(): ScenarioResult {
    const left = this.#overflow > 0 ? `; ${this.#overflow} past the ${maxCases} test cases a report keeps` : ''
    const unrouted = `${this.#unrouted} forwarded that name no operation of the interface`
    const message = `${this.#judged} requests judged, ${unrouted}${left}.`
    return {
      check: 'proxy_traffic',
      title: 'proxy: the requests the app sent through the proxy to the deployment',
      operationId: 'listPets',
      writes: false,
      outcome: this.#answered === 0 ? 'error' : 'passed',
      ...(this.#answered === 0 && {
        reason:
          this.#judged === 0
            ? 'No request for an operation of the interface went through the proxy: there was nothing to judge.'
            : `None of the ${this.#judged} requests for an operation of the interface got an answer from the ` +
              'deployment: there was nothing to judge.',
      }),
      assertions: [{ check: 'proxy_traffic', outcome: 'passed', message }],
      exchanges: [],
      durationMs: 0,
    }
  }

  #scenarioOf(item: ProxyCase): ScenarioResult {
    const contract = operationList.find(({ operationId }) => operationId === item.operationId)
    const where = contract ? ` (${contract.method} ${contract.path})` : ''
    const title =
      item.status === 'no answer'
        ? `${item.operationId}${where}: no answer from the deployment`
        : `${item.operationId}${where} answered ${item.status}`
    const shown = [...item.findings.values()].map(
      ({ result, requests }) => `${result.check} on ${requests} of ${item.requests}`,
    )
    const message =
      `${item.requests} requests, ${item.exchanges.length} kept in this report` +
      (shown.length > 0 ? `; findings: ${shown.join(', ')}.` : '.')
    const exchanges = this.options.strict
      ? item.exchanges.map((exchange) => ({ ...exchange, results: exchange.results.map(underStrict) }))
      : item.exchanges
    const scenario: ScenarioResult = {
      check: 'proxied_answers',
      title,
      operationId: item.operationId,
      writes: item.unsafe > 0,
      outcome: 'passed',
      assertions: [{ check: 'proxied_answers', outcome: 'passed', message }],
      exchanges,
      durationMs: Math.round(item.durationMs),
    }
    if (item.reason !== undefined) return { ...scenario, outcome: 'error', reason: item.reason }
    return failuresOf(scenario).length > 0 ? { ...scenario, outcome: 'failed' } : scenario
  }
}
