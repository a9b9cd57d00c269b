import { reportCounts } from '../contract-tests/reports/report-counts.ts'
import { writeReports } from '../contract-tests/reports/write-reports.ts'
import { type CheckResult, type Exchange, underStrict } from '../contract-tests/shared/exchange.ts'
import {
  countFindings,
  exitCodeOf,
  findingKey,
  type ObservedTraffic,
  type RunResult,
  type TargetInfo,
} from '../contract-tests/shared/run-result.ts'
import { failuresOf, type ScenarioResult } from '../contract-tests/shared/scenario-result.ts'
import { operationList } from '../spec/operations.ts'
import { exchangeExcerpt } from './exchange-excerpt.ts'

/** Exchanges kept of one test case: the first few, and the first few to show each finding. */
const keptPlain = 2
const keptPerFinding = 3
const keptInCase = 12
/** Exchanges kept in the whole report: past it findings are still counted, their requests no longer kept. */
const keptInAll = 300
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
  /** Each finding (`findingKey`) by how many requests showed it and how many of those are kept. */
  findings: Map<string, { result: CheckResult; requests: number; kept: number }>
  /** Why no answer (or no verdict) came, for a case of requests that got none. */
  reason?: string
}

/** What `POST /__mock/report` answers and the proxy prints at stop. */
export interface ProxyReportSummary {
  passed: boolean
  exitCode: 0 | 1 | 2
  counts: ReturnType<typeof reportCounts>
  traffic: ObservedTraffic
  files: Array<string>
  /** Why the traffic could not be judged (exit code 2). */
  targetError?: string
}

const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/**
 * The verdicts of the traffic through the proxy, gathered as the contract suite's run result: one test case per
 * operation and status seen, each holding the first requests that showed each finding, as excerpts
 * (`exchangeExcerpt`), and how many requests showed it. Bounded whatever the traffic: at most `maxCases` test cases,
 * `keptInCase` exchanges each and `keptInAll` in all; every request is counted, none beyond those kept.
 * @example const report = new ProxyReport(target, { strict: false }); report.add(exchange)
 */
export class ProxyReport {
  readonly #cases = new Map<string, ProxyCase>()
  readonly #startedAt = new Date()
  readonly #notes = new Map<string, string>()
  #exchanges = 0
  #answered = 0
  #judged = 0
  #unrouted = 0
  #refused = 0
  #overflow = 0
  #kept = 0

  constructor(
    readonly target: TargetInfo,
    private readonly options: { strict: boolean },
  ) {}

  /** A request that named no operation of the interface (an unknown path, a preflight): forwarded, not judged. */
  addUnrouted(): void {
    this.#unrouted++
  }

  /** A request the proxy answered itself without forwarding it: busy, a body too large, a path outside the base. */
  addRefused(): void {
    this.#refused++
  }

  /** A sentence the report shows beside the traffic, once per `key` (the last one given). */
  note(key: string, sentence: string): void {
    this.#notes.set(key, sentence)
  }

  /**
   * One exchange: judged (`response`), invalid (a violation, no `response`), or that got no verdict
   * (`transportError`); `status` names its case where the answer came but could not be read. `redact` keeps the
   * credentials out of the exchanges the report keeps (it is not run on the others).
   */
  add(exchange: Exchange, redact: <T>(value: T) => T = (value) => value, status?: number): void {
    this.#exchanges++
    const answered = exchange.response !== undefined || status !== undefined
    if (answered) this.#answered++
    if (exchange.response && !exchange.transportError) this.#judged++
    const label = exchange.response
      ? String(exchange.response.status)
      : status !== undefined
        ? String(status)
        : exchange.transportError
          ? 'no answer'
          : 'an invalid answer'
    const key = `${exchange.operationId} ${label}`
    let found = this.#cases.get(key)
    if (!found) {
      if (this.#cases.size >= maxCases) {
        this.#overflow++
        return
      }
      found = {
        operationId: exchange.operationId,
        status: label,
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
    let shows = false
    for (const result of exchange.results) {
      if (result.outcome === 'passed') continue
      const finding = findingKey(result)
      const seen = found.findings.get(finding) ?? { result, requests: 0, kept: 0 }
      found.findings.set(finding, seen)
      seen.requests++
      if (seen.kept < keptPerFinding) {
        seen.kept++
        shows = true
      }
    }
    const room = this.#kept < keptInAll && found.exchanges.length < keptInCase
    if (room && (shows || found.exchanges.length < keptPlain)) {
      found.exchanges.push(redact(exchangeExcerpt(exchange)))
      this.#kept++
    }
  }

  /** The traffic so far, in numbers. */
  traffic(): ObservedTraffic {
    const notes = [...this.#notes.values()]
    if (this.#kept >= keptInAll)
      notes.push(`This report keeps ${keptInAll} exchanges; the findings of the others are counted, not kept.`)
    if (this.#overflow > 0)
      notes.push(
        `${plural(this.#overflow, 'request')} past the ${maxCases} test cases a report keeps were counted only.`,
      )
    return {
      exchanges: this.#exchanges,
      judged: this.#judged,
      unrouted: this.#unrouted,
      refused: this.#refused,
      notes,
    }
  }

  /** The run result of the traffic so far, as the suite's reports are written from it (not yet redacted whole). */
  result(): RunResult {
    const order = operationList.map(({ operationId }) => operationId)
    const cases = [...this.#cases.values()].sort(
      (a, b) => order.indexOf(a.operationId) - order.indexOf(b.operationId) || a.status.localeCompare(b.status),
    )
    const scenarios = cases.map((item) => this.#scenarioOf(item))
    const traffic = this.traffic()
    const setup = this.#setup(traffic)
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
      traffic,
      ...verdict,
    }
  }

  /**
   * Writes the JSON, JUnit and HTML reports into `dir`, redacted whole by `redact` (every credential the proxy
   * learned), and says how the traffic fared: `passed` only when nothing in it violated the interface (and under
   * `--strict`, deviated).
   * @example const { exitCode, files } = await report.write('reports/proxy', (value) => secrets.redact(value))
   */
  async write(dir: string, redact: <T>(value: T) => T): Promise<ProxyReportSummary> {
    const result = redact(this.result())
    const passed = result.exitCode === 0
    // `passed` stands beside the run's own fields in the JSON report, for a gate that reads one field.
    const files = await writeReports({ passed, ...result } as RunResult, dir)
    return {
      passed,
      exitCode: result.exitCode,
      counts: reportCounts(result),
      traffic: result.traffic as ObservedTraffic,
      files,
      ...(result.targetError !== undefined && { targetError: result.targetError }),
    }
  }

  #setup(traffic: ObservedTraffic): ScenarioResult {
    const nothing = this.#answered === 0
    return {
      check: 'proxy_traffic',
      title: 'traffic: the requests the app sent through the proxy to the deployment',
      operationId: 'listPets',
      writes: false,
      outcome: nothing ? 'error' : 'passed',
      reason: nothing
        ? this.#exchanges === 0
          ? 'No request for an operation of the interface went through the proxy: there was nothing to judge.'
          : `None of the ${plural(this.#exchanges, 'request')} for an operation of the interface got an answer ` +
            'from the deployment: there was nothing to judge.'
        : `${plural(traffic.judged, 'exchange')} judged of ${plural(traffic.exchanges, 'request')} forwarded for an ` +
          `operation of the interface; ${plural(traffic.unrouted, 'request')} forwarded for none; ` +
          `${plural(traffic.refused, 'request')} answered by the proxy itself.`,
      assertions: [],
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
        : item.status === 'an invalid answer'
          ? `${item.operationId}${where}: an answer that is not HTTP the proxy can pass on`
          : `${item.operationId}${where} answered ${item.status}`
    const shown = [...item.findings.values()].map(
      ({ result, requests }) => `${result.check} on ${requests.toLocaleString('en-US')} of them`,
    )
    const summary =
      `${plural(item.requests, 'request')}, ${plural(item.exchanges.length, 'exchange')} kept in this report` +
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
      reason: summary,
      assertions: [],
      exchanges,
      durationMs: Math.round(item.durationMs),
    }
    if (item.reason !== undefined) return { ...scenario, outcome: 'error', reason: `${item.reason} (${summary})` }
    return failuresOf(scenario).length > 0 ? { ...scenario, outcome: 'failed' } : scenario
  }
}
