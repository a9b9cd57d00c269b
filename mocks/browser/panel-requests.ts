import type { MockControls } from '../core/controls/mock-controls.ts'
import type { JournalEntry } from '../core/controls/request-journal.ts'
import { dataTable, el, tableRow } from './panel-dom.ts'

/** The newest requests shown; the journal itself keeps more. */
const shownRequests = 100

/**
 * The dev panel's view of the journal: a line that says how many requests it holds and a table of the newest,
 * newest first. `refresh()` reads the journal and renders only when it changed, so a quiet page costs the DOM nothing.
 * @example const requests = requestsView(mock.journal); panel.append(requests.status, requests.table)
 */
export function requestsView(journal: MockControls['journal']): {
  status: HTMLElement
  table: HTMLTableElement
  refresh(): void
} {
  const status = el('span', { className: 'note' })
  const { table, body } = dataTable('mock requests', ['time (UTC)', 'method', 'path', 'status', 'ms', 'operation'])
  let shown = ''
  return {
    status,
    table,
    refresh() {
      const entries = journal.list()
      const newest = entries.slice(-shownRequests).reverse()
      const text = JSON.stringify([entries.length, newest])
      if (text === shown) return
      shown = text
      body.replaceChildren(...newest.map(entryRow))
      const more = entries.length > shownRequests ? `, the newest ${shownRequests} shown` : ''
      status.textContent = `Live: ${entries.length} request${entries.length === 1 ? '' : 's'}${more}.`
    },
  }
}

function entryRow(entry: JournalEntry): HTMLTableRowElement {
  return tableRow([
    entry.at.slice(11, 23),
    entry.method,
    entry.query === '' ? entry.path : `${entry.path}?${entry.query}`,
    // No status: a `reset` or `timeout` fault left the request without an answer.
    entry.status ?? 'no answer',
    entry.durationMs,
    entry.operationId,
  ])
}
