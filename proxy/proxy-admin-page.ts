import type { ObservedTraffic } from '../contract-tests/shared/run-result.ts'
import { type AdminPageFiles, adminPageFile, adminPageFiles } from '../mocks/core/controls/admin-page.ts'
import type { JournalEntry } from '../mocks/core/controls/request-journal.ts'

/**
 * The proxy's admin page script, run in the browser (`/__mock/admin.js`): it polls the traffic in numbers
 * (`GET /__mock/report`) and the journal once a second and shows each request with the findings on its answer; its
 * buttons write the reports and clear the journal. Self-contained (the server sends its source text) and DOM writes
 * through `textContent` only, as the mock's page.
 * @example const text = `(${proxyPageScript.toString()})()`
 */
function proxyPageScript(): void {
  const pollMs = 1000
  const shownRequests = 200
  const element = (id: string): HTMLElement => {
    const found = document.getElementById(id)
    if (!found) throw new Error(`Failed to start the proxy page: expected an element #${id}, got none.`)
    return found
  }
  const message = element('message')
  const traffic = element('traffic')
  const rows = element('journal-rows')
  const status = element('journal-status')
  let shown = ''

  const plural = (count: number, one: string, many = `${one}s`): string =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

  async function call(method: string, path: string): Promise<unknown> {
    const response = await fetch(`/__mock${path}`, { method })
    if (response.status === 204) return undefined
    const answer = (await response.json().catch(() => ({}))) as { message?: string }
    if (!response.ok) throw new Error(`${response.status}: ${answer.message ?? response.statusText}`)
    return answer
  }

  function say(text: string, failed = false): void {
    message.textContent = text
    message.dataset.state = failed ? 'error' : 'ok'
  }

  function words(seen: ObservedTraffic): string {
    const parts = [
      `${plural(seen.judged, 'exchange')} judged of ${plural(seen.exchanges, 'request')} forwarded`,
      seen.unrouted > 0 && `${plural(seen.unrouted, 'request')} forwarded for no operation of the interface`,
      seen.refused > 0 && `${plural(seen.refused, 'request')} answered by the proxy itself`,
    ].filter(Boolean)
    return [`${parts.join('; ')}.`, ...seen.notes].join(' ')
  }

  function render(requests: Array<JournalEntry>): void {
    const newest = requests.slice(-shownRequests).reverse()
    rows.replaceChildren(
      ...newest.map((entry) => {
        const tr = document.createElement('tr')
        const cells = [
          entry.at.slice(11, 23),
          entry.method,
          entry.query === '' ? entry.path : `${entry.path}?${entry.query}`,
          entry.status ?? entry.outcome,
          entry.durationMs,
          entry.operationId,
          (entry.findings ?? []).map(({ level, check, message: text }) => `${level} ${check}: ${text}`).join('; '),
        ]
        for (const cell of cells) {
          const td = document.createElement('td')
          td.textContent = cell === null || cell === undefined ? '' : String(cell)
          tr.append(td)
        }
        return tr
      }),
    )
    const more = requests.length > shownRequests ? `, the newest ${shownRequests} shown` : ''
    status.textContent = `Live: ${plural(requests.length, 'request')} in the journal${more}.`
  }

  let polling = false
  async function refresh(): Promise<void> {
    if (polling) return
    polling = true
    try {
      const [seen, journal] = (await Promise.all([call('GET', '/report'), call('GET', '/requests')])) as [
        ObservedTraffic,
        { requests: Array<JournalEntry> },
      ]
      traffic.textContent = words(seen)
      const text = JSON.stringify(journal.requests)
      if (text !== shown) {
        shown = text
        render(journal.requests)
      }
      document.body.dataset.live = 'true'
    } catch (error) {
      status.textContent = `Not updating: ${(error as Error).message}. Is the proxy still running?`
      document.body.dataset.live = 'false'
    } finally {
      polling = false
    }
  }

  element('write-report').addEventListener('click', async () => {
    try {
      const written = (await call('POST', '/report')) as { passed: boolean; exitCode: number; files: Array<string> }
      say(
        `Reports written (${written.passed ? 'conformant' : `exit code ${written.exitCode}`}): ` +
          `${written.files.join(', ')}.`,
      )
    } catch (error) {
      say((error as Error).message, true)
    }
  })
  element('clear-journal').addEventListener('click', async () => {
    try {
      await call('DELETE', '/requests')
      say('Cleared the journal (the reports keep what they counted).')
    } catch (error) {
      say((error as Error).message, true)
    }
    await refresh()
  })
  void refresh()
  setInterval(() => void refresh(), pollMs)
}

const html =
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pet Store proxy</title>
<link rel="icon" href="/__mock/icon.svg">
<link rel="stylesheet" href="/__mock/admin.css">
<script type="module" src="/__mock/admin.js"></script>
</head>
<body data-live="false">
<header>
<h1>Pet Store proxy</h1>
<button type="button" id="write-report">Write the reports</button>
</header>
<p>Every request is forwarded to the deployment as sent and its answer judged by the contract suite's checks: the
observed traffic, not the mock's own pets. Rules, sessions and reset belong to the mock without
<code>--proxy</code>.</p>
<p id="traffic" role="status">Connecting…</p>
<p id="message" role="status"></p>
<section aria-labelledby="journal-title">
<h2 id="journal-title">Requests</h2>
<p><span id="journal-status">Connecting…</span> <button type="button" id="clear-journal">Clear</button></p>
<table aria-label="requests">
<thead><tr><th>time (UTC)</th><th>method</th><th>path</th><th>status</th><th>ms</th><th>operation</th>` +
  `<th>findings</th></tr></thead>
<tbody id="journal-rows"></tbody>
</table>
</section>
</body>
</html>
`

// `__name`: some TypeScript runners (tsx) add calls to it inside functions to keep their names; the page has none.
const script = `const __name = (target) => target;\n(${proxyPageScript.toString()})();\n`

/**
 * The proxy's admin page files under `/__mock`: its own page and script (the traffic judged and the journal, no rule,
 * session or reset form), the mock's style sheet and icon, under the same CSP.
 * @example proxyAdminPage['/'].body // '<!doctype html>…Pet Store proxy…'
 */
export const proxyAdminPage: AdminPageFiles = {
  '/': adminPageFile('text/html; charset=utf-8', html),
  '/admin.js': adminPageFile('text/javascript; charset=utf-8', script),
  '/admin.css': adminPageFiles['/admin.css'],
  '/icon.svg': adminPageFiles['/icon.svg'],
}
