import type { RunResult } from '../shared/run-result.ts'
import { html, type SafeHtml } from './html.ts'

const item = (seen: boolean, name: string): SafeHtml =>
  html`<span class="${seen ? 'c-passed' : 'c-failed'}">${seen ? '✓' : '✗'} ${name}</span> `

const coverageHead = html`<thead><tr><th>Operation</th><th>Requests</th><th>Promised statuses</th>
<th>Parameters</th></tr></thead>`

/**
 * The report's coverage section: for each described operation, its requests, the statuses it promises and
 * its parameters, each marked exercised or not; the share and the gate, when one was set.
 * @example htmlCoverage(result)
 */
export function htmlCoverage({ coverage, minCoverage, coverageShortfall }: RunResult): SafeHtml | false {
  if (!coverage) return false
  const share = `${Math.floor(coverage.ratio * 1000) / 10}%`
  const gate = minCoverage !== undefined && html` (--min-coverage ${minCoverage}%)`
  const rows = coverage.operations.map(
    (operation) => html`<tr><td><code>${operation.operationId}</code></td><td>${operation.requests}</td>
<td>${operation.statuses.map((s) => item(s.seen, s.status))}</td>
<td>${operation.parameters.map((p) => item(p.seen, p.name))}</td></tr>`,
  )
  const what = `${coverage.covered} of ${coverage.total} operations, promised statuses and parameters exercised`
  return html`<section id="coverage"><h2>Coverage <span class="count">${share}</span></h2>
<p class="note">${what}${gate}. ${coverageShortfall ?? ''}</p>
<table class="plain">${coverageHead}<tbody>${rows}</tbody></table>
</section>`
}

const comparisonHead = html`<thead><tr><th>What</th><th>Operation</th><th>Difference</th><th>Requests</th>
<th>Example</th></tr></thead>`

/**
 * The report's comparison section (`--compare-with mock`): where the target answered differently from the
 * in-process mock in ways the interface leaves open.
 * @example htmlComparison(result)
 */
export function htmlComparison({ comparison }: RunResult): SafeHtml | false {
  if (!comparison) return false
  const rows = comparison.map(
    (d) => html`<tr><td>${d.kind}</td><td><code>${d.operationId}</code></td><td>${d.detail}</td><td>${d.count}</td>
<td><code>${d.example}</code></td></tr>`,
  )
  const table = html`<table class="plain">${comparisonHead}<tbody>${rows}</tbody></table>`
  return html`<section id="comparison"><h2>Compared with the mock <span class="count">${comparison.length}</span></h2>
<p class="note">Where the target answers differently from the in-process mock in ways the interface leaves open:
never a failure.</p>
${comparison.length === 0 ? html`<p class="empty">No difference.</p>` : table}
</section>`
}
