import type { Difference } from './comparison.ts'
import type { Coverage } from './coverage.ts'
import { type CheckResult, levelOf } from './exchange.ts'
import type { ExploreOptions } from './explore-options.ts'
import type { ScenarioResult } from './scenario-result.ts'

export interface TargetInfo {
  name: string
  baseUrl: string
  messagesBaseUrl: string
  readOnly: boolean
}

/** Everything a run found: what the reports are written from. */
export interface RunResult {
  target: TargetInfo
  startedAt: string
  durationMs: number
  setup: ScenarioResult
  scenarios: Array<ScenarioResult>
  /** Requests with a method other than GET or HEAD that reached the target. */
  unsafeRequestsSent: number
  /** Requests the read-only transport refused to send. */
  refusedRequests: number
  /** What the run exercised of the spec; with `minCoverage`, the share it had to reach. */
  coverage?: Coverage
  minCoverage?: number
  /** With `--compare-with mock`: where the target answered differently from the in-process mock. */
  comparison?: Array<Difference>
  /** Why the run failed though no check did: it exercised less than `minCoverage`. */
  coverageShortfall?: string
  /** How the exploring phases ran: the seed replays the same requests (`--seed`). */
  explore?: ExploreOptions
  /** `--strict`: deviations failed the run like violations. */
  strict: boolean
  /** Every finding of the run by level: violations break the interface, deviations differ from the spec's choices. */
  findings: FindingCounts
  /** 0 conformant, 1 contract violation (or, under `--strict`, a deviation), 2 the target could not be judged. */
  exitCode: 0 | 1 | 2
  /** Why the run could not judge the target, when exitCode is 2. */
  targetError?: string
  /**
   * The run was configured wrong (`targetError` says what, and what to pass): the key refused on every keyed request,
   * a base URL that answers for another service, a messages base address that is the pets one, a TLS certificate
   * not trusted. Exit code 2, and the first line of every summary.
   */
  configurationFault?: true
  /** What the run left on the target: its tag, and the id of every resource it created (none when read-only). */
  created?: CreatedResources
  /** What the verdict leaves out, when it stands: how many checks could not be judged, and the first reason. */
  verdictNote?: string
  /** Set where the run judged traffic it observed (the proxy) instead of requests it sent: what it saw. */
  traffic?: ObservedTraffic
}

/** The traffic a proxy observed and judged, counted (a report keeps only some of its exchanges). */
export interface ObservedTraffic {
  /** Requests for an operation of the interface forwarded to the deployment. */
  exchanges: number
  /** ...of which judged: answered, and the answer read. */
  judged: number
  /** Forwarded for no operation of the interface (an unknown path, a preflight): not judged. */
  unrouted: number
  /** Answered by the proxy itself and not forwarded: busy, a body too large, a path outside the base. */
  refused: number
  /** What else a reader should know of the traffic or of this report, in sentences. */
  notes: Array<string>
}

/** The resources a run created on its target, to find (and remove) them later. */
export interface CreatedResources {
  /** In the text fields of every resource whose text the run chose (setup, named scenarios, stateful phase). */
  runTag: string
  /** Every id a creating operation answered with, in order, as text (int64 ids to the digit). */
  ids: Array<string>
  /** The same ids by kind, under each kind's plural (`pets`, `owners`). */
  byKind?: Readonly<Record<string, ReadonlyArray<string>>>
}

export interface FindingCounts {
  violations: number
  deviations: number
}

/**
 * Counts the distinct findings of a run by level, the scenarios' own and the registry checks' on every
 * response. A finding repeated on several responses (a header missing from every getPet answer) counts
 * once: the same check, level and message, whatever request it was seen on.
 * @example countFindings(setup, scenarios) // { violations: 0, deviations: 3 }
 */
export function countFindings(setup: ScenarioResult, scenarios: ReadonlyArray<ScenarioResult>): FindingCounts {
  const counts: FindingCounts = { violations: 0, deviations: 0 }
  const seen = new Set<string>()
  for (const scenario of [setup, ...scenarios]) {
    for (const result of [...scenario.assertions, ...scenario.exchanges.flatMap((exchange) => exchange.results)]) {
      const level = levelOf(result)
      if (level === undefined) continue
      const key = findingKey(result)
      if (seen.has(key)) continue
      seen.add(key)
      counts[level === 'violation' ? 'violations' : 'deviations']++
    }
  }
  return counts
}

// The request a scenario's finding was seen on, which the runner appends to its message.
const requestSuffix = / \((?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+\)$/

/**
 * What makes two findings one: the same level, check and message, whatever request it was seen on. Counted once
 * (`countFindings`) and printed once with how often it was seen.
 * @example findingKey(a) === findingKey(b) // the same missing header on two getPet answers
 */
export function findingKey(result: CheckResult): string {
  return [levelOf(result), result.check, result.message.replace(requestSuffix, '')].join('\u0000')
}

/** Why a check that needs a valid key did not run when the deployment refused the run's key. */
export const keyRefusedReason = 'Not run: the API key was refused, and this check needs a valid one.'

/** Checks that could not be judged, as a share of those that ran, above which a run gives no verdict (exit 2). */
const unjudgedShareLimit = 0.1

/**
 * The exit code a set of results calls for (decision record 012). The target could not be judged (2) when the
 * setup could not be (nothing answered, a wrong base URL, no pet created and read) or the run stopped (nothing
 * answered any more, rate limiting after the retries); else a violation fails the run (1), whatever else could not
 * be judged; else a run with more than one check, and more than 10% of those that ran, not judged gives no verdict
 * (2): a gate does not pass a server it barely judged. Fewer leave the verdict to the rest (0), said in
 * `verdictNote`: one reset does not fail a conformant server.
 * @example exitCodeOf(setup, scenarios) // { exitCode: 0, verdictNote: '1 of 82 checks could not be judged: ...' }
 */
export function exitCodeOf(
  setup: ScenarioResult,
  scenarios: ReadonlyArray<ScenarioResult>,
  halted?: string,
): { exitCode: 0 | 1 | 2; targetError?: string; verdictNote?: string } {
  // A setup that could not judge the target (a key refused) may still leave checks that need no key: their
  // violations stand, the setup's reason beside them.
  if (setup.outcome === 'error' && scenarios.some((result) => result.outcome === 'failed'))
    return { exitCode: 1, verdictNote: `${setup.reason ?? ''} Only the checks that need no valid key were judged.` }
  if (setup.outcome === 'error') return { exitCode: 2, targetError: setup.reason }
  if (halted !== undefined) return { exitCode: 2, targetError: halted }
  const all = [setup, ...scenarios]
  const unjudged = scenarios.filter((result) => result.outcome === 'error')
  const ran = all.filter((result) => result.outcome !== 'skipped').length
  const share = `${unjudged.length} of ${ran} checks could not be judged`
  const first = `the first: ${unjudged[0]?.reason ?? ''}`
  const tooMany = unjudged.length > 1 && unjudged.length > unjudgedShareLimit * ran
  const limit = `${Math.round(unjudgedShareLimit * 100)}%`
  const verdictNote =
    unjudged.length === 0
      ? undefined
      : `${share}${tooMany ? '' : ` (a verdict stands with one, or up to ${limit}, not judged)`}; ${first}`
  if (all.some((result) => result.outcome === 'failed')) return { exitCode: 1, ...(verdictNote && { verdictNote }) }
  if (tooMany)
    return { exitCode: 2, targetError: `Too little was judged: ${share}, more than ${limit} of them; ${first}` }
  return { exitCode: 0, ...(verdictNote && { verdictNote }) }
}
