import { resourceList } from '../../spec/resources.ts'
import { type CheckResult, type Exchange, levelOf } from '../shared/exchange.ts'
import type { RunResult } from '../shared/run-result.ts'
import { failuresOf, type ScenarioResult, warningsOf } from '../shared/scenario-result.ts'
import { type CellOutcome, checkMatrix, type MatrixCell, type MatrixRow } from './check-matrix.ts'
import { exchangeOf } from './exchange-of.ts'
import { html, SafeHtml } from './html.ts'
import { htmlComparison, htmlCoverage } from './html-coverage.ts'
import { htmlExchange, statusBadge } from './html-exchange.ts'
import { failingCases, type ReportCounts, reportCounts } from './report-counts.ts'
import { reportStyles } from './report-styles.ts'

type Item = { result: CheckResult; exchange?: Exchange }

// The worst outcome colours the cell: one failure among forty passes must not look green.
const cellOrder: ReadonlyArray<CellOutcome> = ['failed', 'error', 'warning', 'passed', 'skipped']
const symbols: Record<CellOutcome, string> = { failed: '✗', error: '!', warning: '▲', passed: '✓', skipped: '–' }
const icons: Record<CheckResult['outcome'], string> = { passed: '✓', failed: '✗', warning: '▲' }

const verdicts = {
  0: { label: 'Conformant', tone: 'pass' },
  1: { label: 'Contract violations', tone: 'fail' },
  2: { label: 'Target could not be judged', tone: 'error' },
} as const
const strictVerdict = { label: 'Deviations from the spec (--strict)', tone: 'fail' } as const
const onlyDeviations = (result: RunResult, counts: ReportCounts): boolean =>
  result.exitCode === 1 && result.strict && counts.violations === 0

function duration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`
}

function timestamp(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`
const key = (check: string, operation: string): string => `${check} ${operation}`
const operationOf = (item: Item, scenario: ScenarioResult): string => item.exchange?.operationId ?? scenario.operationId
// A scenario can record failed checks and then skip itself: it keeps its outcome, but what failed
// is shown all the same (the matrix counts it, and its red cell must lead somewhere).
const hasFailures = (scenario: ScenarioResult): boolean =>
  scenario.outcome === 'failed' || scenario.outcome === 'error' || failuresOf(scenario).length > 0

// The run's counts (one source for every report) and the request counters the header shows beside them.
interface Counts extends ReportCounts {
  unsafe: number
  refused: number
}

const stoppedThere = 'The run stopped there: scenarios after it were not run, and nothing below judges them.'

function header(result: RunResult, counts: Counts): SafeHtml {
  const verdict = onlyDeviations(result, counts) ? strictVerdict : verdicts[result.exitCode]
  const { target, setup } = result
  const tile = (count: number, one: string, many: string, tone = ''): SafeHtml =>
    html`<li class="${tone}"><b>${count}</b> ${count === 1 ? one : many}</li>`
  const tiles = [
    tile(counts.tests, 'test case', 'test cases'),
    tile(counts.passed, 'passed', 'passed', 'c-passed'),
    tile(counts.failed, 'failed', 'failed', counts.failed > 0 ? 'c-failed' : ''),
    counts.errors > 0 && tile(counts.errors, 'could not be judged', 'could not be judged', 'c-error'),
    tile(counts.skipped, 'skipped', 'skipped'),
    tile(counts.violations, 'violation', 'violations', counts.violations > 0 ? 'c-failed' : ''),
    tile(counts.deviations, 'deviation', 'deviations', counts.deviations > 0 ? 'c-warning' : ''),
    // Observed traffic (the proxy) is the app's, not requests of the run's own: counted as exchanges judged.
    ...(result.traffic
      ? [tile(result.traffic.judged, 'exchange judged', 'exchanges judged')]
      : [
          tile(counts.unsafe, 'unsafe request sent', 'unsafe requests sent'),
          tile(counts.refused, 'request refused', 'requests refused', counts.refused > 0 ? 'c-warning' : ''),
        ]),
  ]
  const title = html`<h1>Pet Store contract · ${target.name}</h1>`
  const exit = html`<span class="exit">exit code ${result.exitCode}</span>`
  const stopped = html`<br><span class="muted">${stoppedThere}</span>`
  const targetError =
    result.targetError !== undefined &&
    html`<p class="target-error"><strong>The target could not be judged:</strong> ${result.targetError}${stopped}</p>`
  const mode = target.readOnly
    ? 'Read-only: scenarios that write were skipped'
    : `Read-write: scenarios create ${createdKinds} and send messages`
  const setupPill = html`<span class="pill ${setup.outcome}">${setup.outcome}</span>`
  const run = result.traffic
    ? html`<div><dt>Traffic</dt><dd>${trafficWords(result.traffic)}</dd></div>`
    : html`<div><dt>Mode</dt><dd>${mode}</dd></div>`
  const setupFact =
    !result.traffic && html`<div><dt>Setup</dt><dd>${setupPill} ${plural(setup.exchanges.length, 'request')}</dd></div>`
  const notes =
    result.traffic &&
    result.traffic.notes.length > 0 &&
    html`<ul class="notes">${result.traffic.notes.map((note) => html`<li>${note}</li>`)}</ul>`
  const toc = [
    html`<a href="#matrix">Checks by operation</a>`,
    html`<a href="#failures">Failures (${failingCases(counts)})</a>`,
    html`<a href="#warnings">Deviations (${counts.deviations})</a>`,
    html`<a href="#skipped">Skipped (${counts.skipped})</a>`,
    html`<a href="#scenarios">All test cases (${counts.tests})</a>`,
  ]
  return html`<header class="summary tone-${verdict.tone}"><div class="inner">
<div class="verdict"><span class="badge">${verdict.label}</span>${title}${exit}</div>
${targetError}
<dl class="facts">
<div><dt>Pets API</dt><dd><code>${target.baseUrl}</code></dd></div>
<div><dt>Messages API</dt><dd><code>${target.messagesBaseUrl}</code></dd></div>
${run}
<div><dt>Started</dt><dd>${timestamp(result.startedAt)}</dd></div>
<div><dt>Duration</dt><dd>${duration(result.durationMs)}</dd></div>
${setupFact}
</dl>
${notes}
<ul class="counts">${tiles}</ul>
<nav class="toc">${toc}</nav>
</div></header>`
}

/** Observed traffic in words: what was judged, and what was forwarded or answered without a verdict. */
function trafficWords(traffic: NonNullable<RunResult['traffic']>): string {
  const besides = [
    traffic.exchanges > traffic.judged && `${traffic.exchanges - traffic.judged} not judged`,
    traffic.unrouted > 0 && `${plural(traffic.unrouted, 'request')} forwarded for no operation of the interface`,
    traffic.refused > 0 && `${plural(traffic.refused, 'request')} answered by the proxy itself`,
  ].filter(Boolean)
  const judged = `${plural(traffic.judged, 'exchange')} judged of ${plural(traffic.exchanges, 'request')} forwarded`
  return besides.length > 0 ? `${judged}; ${besides.join(', ')}` : judged
}

function cell(row: MatrixRow, operation: string, anchors: Map<string, string>): SafeHtml {
  const counts: MatrixCell | undefined = row.cells.get(operation)
  const present = counts ? cellOrder.filter((outcome) => counts[outcome] > 0) : []
  const where = html`data-check="${row.check}" data-operation="${operation}"`
  if (!counts || present.length === 0) return html`<td class="cell-none" ${where} title="not applicable">·</td>`
  const worst = present[0]!
  const tally = present.map((outcome) => `${counts[outcome]} ${outcome}`).join(', ')
  const title = `${row.check} on ${operation}: ${tally} (${row.counts})`
  const text = present.map((outcome) => html`<span class="n">${symbols[outcome]} ${counts[outcome]}</span>`)
  const anchor = anchors.get(key(row.check, operation))
  const content = anchor ? html`<a href="#${anchor}">${text}</a>` : text
  return html`<td class="cell-${worst}" ${where} data-outcome="${worst}" title="${title}">${content}</td>`
}

const legend = [
  html`<span><span class="cell-failed">✗</span>failed</span>`,
  html`<span><span class="cell-error">!</span>target error</span>`,
  html`<span><span class="cell-warning">▲</span>deviation</span>`,
  html`<span><span class="cell-passed">✓</span>passed</span>`,
  html`<span><span class="cell-skipped">–</span>skipped</span>`,
  html`<span><span class="cell-none">·</span>not applicable</span>`,
  html`<span>A red cell links to its first failure.</span>`,
]

function matrix(result: RunResult, anchors: Map<string, string>): SafeHtml {
  const { operations, rows } = checkMatrix(result)
  const matrixRow = (row: MatrixRow): SafeHtml => {
    const title = row.description !== undefined && html` title="${row.description}"`
    const description = row.description !== undefined && html`<span class="desc">${row.description}</span>`
    const cells = operations.map((operation) => cell(row, operation, anchors))
    return html`<tr><th scope="row"${title}><code>${row.check}</code>${description}</th>${cells}</tr>`
  }
  const group = (label: string, members: Array<MatrixRow>): SafeHtml =>
    html`<tr class="group"><th colspan="${operations.length + 1}">${label}</th></tr>${members.map(matrixRow)}`
  const heads = operations.map((operation) => html`<th scope="col">${operation}</th>`)
  return html`<section id="matrix"><h2>Checks by operation</h2>
<div class="matrix-wrap"><table class="matrix">
<thead><tr><th scope="col">Check</th>${heads}</tr></thead>
<tbody>${group(
    'Applied to every response (counts are responses)',
    rows.filter((row) => row.counts === 'responses'),
  )}${group(
    'Promises of the scenarios (counts are scenarios)',
    rows.filter((row) => row.counts === 'scenarios'),
  )}</tbody>
</table></div>
<p class="legend">${legend}</p>
</section>`
}

function finding({ result }: Item, tone: 'failed' | 'warning', id?: string): SafeHtml {
  const received =
    result.received !== undefined && html`<dt>Received</dt><dd class="received"><code>${result.received}</code></dd>`
  const expected = result.expected !== undefined && html`<dt>Expected</dt><dd><code>${result.expected}</code></dd>`
  return html`<div class="finding ${tone}"${id !== undefined && html` id="${id}"`}>
<h3><code>${result.check}</code>${result.message}</h3>
${basisOf(result)}
${(received || expected) && html`<dl class="evidence">${received}${expected}</dl>`}
</div>`
}

/** What a writing run creates, by the plurals of the spec's resources: `pets and owners`. */
const createdKinds = ((plurals: ReadonlyArray<string>) =>
  plurals.length > 1 ? `${plurals.slice(0, -1).join(', ')} and ${plurals.at(-1)}` : (plurals[0] ?? 'resources'))(
  resourceList.map((resource) => resource.plural),
)

// Beside each finding: its level, and the interface's sentence, the spec's rule or the spec's choice it rests on.
function basisOf(result: CheckResult): SafeHtml {
  const level = levelOf(result) ?? 'passed'
  const levelTag = html`<span class="level">${level}</span>`
  const choice = html`(<code>x-mock-behaviour</code>)`
  if (!result.basis) return html`<p class="basis">${levelTag}</p>`
  if (result.basis.source === 'interface')
    return html`<p class="basis">${levelTag} of the interface: <q>${result.basis.text}</q></p>`
  if (result.basis.source === 'spec')
    return html`<p class="basis">${levelTag} of the spec (a rule it states in its own words): ${result.basis.text}</p>`
  return html`<p class="basis">${levelTag} from the spec's choice ${choice}: ${result.basis.text}</p>`
}

// Several checks often fail on one response (a 500 breaks the status, the content type and the
// schema at once): their findings are listed together, above that response shown once.
function byExchange(
  items: ReadonlyArray<Item>,
  scenario: ScenarioResult,
): Array<{ exchange?: Exchange; items: Array<Item> }> {
  const groups = new Map<Exchange | undefined, Array<Item>>()
  for (const item of items) {
    const exchange = exchangeOf(item, scenario)
    groups.set(exchange, [...(groups.get(exchange) ?? []), item])
  }
  return [...groups].map(([exchange, members]) => ({ exchange, items: members }))
}

function summaryOf(scenario: ScenarioResult, pill: string): SafeHtml {
  const took = duration(scenario.durationMs)
  const meta = html`<span class="meta">${scenario.operationId} · <code>${scenario.check}</code> · ${took}</span>`
  const title = html`<span class="title">${scenario.title}</span>`
  return html`<summary><span class="pill ${pill}">${pill}</span>${title}${meta}</summary>`
}

// Only the first few responses of a scenario are unfolded: the findings and curl lines say the rest.
const openResponses = 3

const signature = ({ result }: Item): string => `${result.check}\n${result.message}`

function failureCard(scenario: ScenarioResult, index: number, ids: Map<CheckResult, string>): SafeHtml {
  const groups = byExchange(failuresOf(scenario), scenario)
  // A target that breaks one field breaks it in every response alike: a failure repeated word for
  // word is folded under the first one, so the next different failure is not 20 screens down.
  const seen = new Set<string>()
  const shownGroups: typeof groups = []
  const repeats: typeof groups = []
  for (const group of groups) {
    if (group.items.every((item) => seen.has(signature(item)))) repeats.push(group)
    else shownGroups.push(group)
    for (const item of group.items) seen.add(signature(item))
  }
  const repeatedChecks = [...new Set(repeats.flatMap((group) => group.items.map((item) => item.result.check)))]
  const render = (group: (typeof groups)[number], position: number): SafeHtml => {
    const findings = group.items.map((item) => finding(item, 'failed', ids.get(item.result)))
    const exchange = group.exchange && htmlExchange(group.exchange, { responseOpen: position < openResponses })
    return html`${findings}${exchange}`
  }
  const placed = new Set(groups.map((group) => group.exchange))
  const last = scenario.exchanges.at(-1)
  const unplaced = groups.some((group) => group.exchange === undefined) && scenario.exchanges.length > 0
  const tone = scenario.outcome === 'error' ? 'error' : 'failed'
  const reason = (lead: string): SafeHtml =>
    html`<p class="reason"><strong>${lead}</strong> ${scenario.reason ?? 'no reason given'}</p>`
  const sameWay = `${plural(repeats.length, 'more response')} failed the same way (${repeatedChecks.join(', ')})`
  const repeated = repeats.map((group) => render(group, openResponses))
  const lastRequest =
    scenario.outcome === 'error' &&
    last &&
    !placed.has(last) &&
    html`<p class="label">Last request</p>${htmlExchange(last)}`
  const sent = html`<summary>Requests this scenario sent (${scenario.exchanges.length})</summary>`
  const requests = scenario.exchanges.map((exchange) => htmlExchange(exchange))
  const summary = summaryOf(scenario, scenario.outcome)
  return html`<details open class="card ${tone}" id="failure-${index}">${summary}<div class="body">
${scenario.outcome === 'error' && reason('The target could not be judged:')}
${scenario.outcome === 'skipped' && reason('Skipped after these checks failed:')}
${shownGroups.map(render)}
${repeats.length > 0 && html`<details class="repeats"><summary>${sameWay}</summary>${repeated}</details>`}
${lastRequest}
${unplaced && html`<details class="exchange-more">${sent}${requests}</details>`}
</div></details>`
}

function failures(
  judged: ReadonlyArray<{ scenario: ScenarioResult; index: number }>,
  ids: Map<CheckResult, string>,
  counts: Counts,
): SafeHtml {
  const failing = judged.filter(({ scenario }) => hasFailures(scenario))
  const bad = counts.failed + counts.errors > 0 ? ' bad' : ''
  const count = html`<span class="count${bad}">${failingCases(counts)}</span>`
  const cards = failing.map(({ scenario, index }) => failureCard(scenario, index, ids))
  return html`<section id="failures"><h2>Failures ${count}</h2>
${failing.length === 0 ? html`<p class="empty">No failures: every check held.</p>` : cards}
</section>`
}

const openChoice = 'Where the target differs from a choice of our spec that the interface leaves open'

function warningFindings(scenario: ScenarioResult): Array<SafeHtml> {
  return byExchange(warningsOf(scenario), scenario).map((group) => {
    const findings = group.items.map((item) => finding(item, 'warning'))
    const shown = group.exchange && htmlExchange(group.exchange)
    return html`${findings}${shown && html`<details class="exchange-more">${requestAndResponse}${shown}</details>`}`
  })
}

const requestAndResponse = html`<summary>Request and response</summary>`

function warnings(judged: ReadonlyArray<{ scenario: ScenarioResult }>, strict: boolean, total: number): SafeHtml {
  const warned = judged.filter(({ scenario }) => warningsOf(scenario).length > 0)
  const count = html`<span class="count${total > 0 ? ' amber' : ''}">${total}</span>`
  // Under --strict a deviation is a failure: it is shown with the failures, and counted here too.
  const empty = strict && total > 0 ? 'Under --strict they fail the run: see Failures.' : 'No deviations.'
  return html`<section id="warnings"><h2>Deviations ${count}</h2>
<p class="note">${openChoice}: allowed, never a violation; <code>--strict</code> fails them.</p>
${
  warned.length === 0
    ? html`<p class="empty">${empty}</p>`
    : warned.map(
        ({ scenario }) => html`<details open class="card warning">${summaryOf(scenario, 'warning')}<div class="body">
${warningFindings(scenario)}
</div></details>`,
      )
}
</section>`
}

const skipHead = html`<thead><tr><th>Scenario</th><th>Operation</th><th>Check</th><th>Reason</th></tr></thead>`

function skipRow(scenario: ScenarioResult): SafeHtml {
  const cells = [
    html`<td>${scenario.title}</td>`,
    html`<td>${scenario.operationId}</td>`,
    html`<td><code>${scenario.check}</code></td>`,
    html`<td>${scenario.reason ?? ''}</td>`,
  ]
  return html`<tr>${cells}</tr>`
}

function skipped(scenarios: ReadonlyArray<ScenarioResult>): SafeHtml {
  const skips = scenarios.filter((scenario) => scenario.outcome === 'skipped')
  const table = html`<table class="plain">${skipHead}<tbody>${skips.map(skipRow)}</tbody></table>`
  return html`<section id="skipped"><h2>Skipped <span class="count">${skips.length}</span></h2>
${skips.length === 0 ? html`<p class="empty">Nothing was skipped.</p>` : table}
</section>`
}

function resultItem(result: CheckResult): SafeHtml {
  const icon = html`<span class="icon">${icons[result.outcome]}</span>`
  const expected = result.expected !== undefined && `, expected ${result.expected}`
  const evidence =
    result.outcome !== 'passed' &&
    result.received !== undefined &&
    html` <span class="muted">(received ${result.received}${expected})</span>`
  return html`<li class="${result.outcome}">${icon}<code>${result.check}</code> ${result.message}${evidence}</li>`
}

const resultList = (results: ReadonlyArray<CheckResult>): SafeHtml =>
  html`<ul class="results">${results.map(resultItem)}</ul>`

const response = (exchange: Exchange): string => (exchange.response ? `${exchange.response.durationMs} ms · ` : '')

function exchangeDetails(exchange: Exchange): SafeHtml {
  const failed = exchange.results.filter((result) => result.outcome === 'failed').length
  const checks =
    failed > 0 ? `${failed} of ${exchange.results.length} checks failed` : `${exchange.results.length} checks`
  const request = html`<span class="method">${exchange.request.method}</span> <code>${exchange.request.url}</code>`
  const counted = html`<span class="muted">${response(exchange)}${checks}</span>`
  const summary = html`<summary>${request} → ${statusBadge(exchange)} ${counted}</summary>`
  const shown = htmlExchange(exchange, { requestLine: false })
  return html`<details class="exchange-more">${summary}${resultList(exchange.results)}${shown}</details>`
}

function scenarioCard(scenario: ScenarioResult): SafeHtml {
  const tone = scenario.outcome === 'passed' && warningsOf(scenario).length > 0 ? 'warning' : scenario.outcome
  return html`<details class="card ${tone}">${summaryOf(scenario, scenario.outcome)}<div class="body">
${scenario.reason !== undefined && html`<p class="reason">${scenario.reason}</p>`}
${scenario.assertions.length > 0 && html`<p class="label">Assertions</p>${resultList(scenario.assertions)}`}
${scenario.exchanges.map(exchangeDetails)}
</div></details>`
}

const offline = 'This page loads nothing from the network.'

/**
 * A run as one self-contained HTML page: the verdict and counts, a matrix of checks by operation,
 * every failure open with what came back, what was expected and a curl line, then warnings,
 * skips and every scenario with its exchanges. No script, no network; every value is escaped.
 * Prints only what it is given: the result must already be redacted.
 * @example await writeFile('reports/contract.html', htmlReport(redact(result, [apiKey])))
 */
export function htmlReport(result: RunResult): string {
  const judged = [result.setup, ...result.scenarios].map((scenario, index) => ({ scenario, index }))
  const counts: Counts = {
    ...reportCounts(result),
    unsafe: result.unsafeRequestsSent,
    refused: result.refusedRequests,
  }
  // A red cell of the matrix links to the first failure of that check on that operation.
  const ids = new Map<CheckResult, string>()
  const anchors = new Map<string, string>()
  for (const { scenario, index } of judged) {
    failuresOf(scenario).forEach((item, position) => {
      const id = `finding-${index}-${position}`
      ids.set(item.result, id)
      if (!anchors.has(key(item.result.check, operationOf(item, scenario))))
        anchors.set(key(item.result.check, operationOf(item, scenario)), id)
    })
    if (scenario.outcome === 'error' && !anchors.has(key(scenario.check, scenario.operationId)))
      anchors.set(key(scenario.check, scenario.operationId), `failure-${index}`)
  }
  const verdict = onlyDeviations(result, counts) ? strictVerdict : verdicts[result.exitCode]
  const caseOrder = result.traffic ? 'the traffic, then one per operation and status seen' : 'setup, then scenarios'
  const page = html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${verdict.label} · ${result.target.name} · Pet Store contract</title>
<style>${new SafeHtml(reportStyles)}</style>
</head>
<body>
${header(result, counts)}
<main>
${matrix(result, anchors)}
${failures(judged, ids, counts)}
${warnings(judged, result.strict, counts.deviations)}
${skipped([result.setup, ...result.scenarios])}
${htmlCoverage(result)}
${htmlComparison(result)}
<section id="scenarios"><h2>All test cases <span class="count">${counts.tests}</span>: ${caseOrder}</h2>
<div class="list">${judged.map(({ scenario }) => scenarioCard(scenario))}</div>
</section>
</main>
<footer>Run started ${timestamp(result.startedAt)} against ${result.target.name}. ${offline}</footer>
</body>
</html>
`
  return `<!doctype html>\n${page.markup}`
}
