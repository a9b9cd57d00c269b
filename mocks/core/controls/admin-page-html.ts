import { operationList } from '../../../spec/operations.ts'
import { operationPaths, specBasePaths } from '../base-paths.ts'
import { faults } from './preferences.ts'

/** The chance (0 to 1) that a rule applies to a matching request; empty: every time. */
const probabilityInput =
  '<input id="probability" name="probability" type="number" min="0" max="1" step="any" placeholder="1">'

/**
 * The admin page's HTML (`/__mock/`): the journal, the rules and sessions, and the forms that act on them. No
 * inline script or style (its CSP allows only its own files); the operations it offers come from the catalogue.
 * @example adminPageHtml() // '<!doctype html>…'
 */
export function adminPageHtml(): string {
  const operations = operationList
    .map((operation) => {
      const value = `${operation.method} ${operationPaths(operation, specBasePaths)[0]}`
      return `<option value="${escapeHtml(value)}">${escapeHtml(`${operation.operationId}: ${value}`)}</option>`
    })
    .join('')
  const faultOptions = faults.map((fault) => `<option>${escapeHtml(fault)}</option>`).join('')
  return (
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pet Store mock</title>
<link rel="icon" href="/__mock/icon.svg">
<link rel="stylesheet" href="/__mock/admin.css">
<script type="module" src="/__mock/admin.js"></script>
</head>
<body data-live="false">
<header>
<h1>Pet Store mock</h1>
${field('session', 'Acting on', '<select id="session"><option value="">default store</option></select>')}
<button type="button" id="reset">Reset</button>
</header>
<p id="message" role="status"></p>
<section aria-labelledby="rules-title">
<h2 id="rules-title">Rules</h2>
<form id="rule-form">
${field('operation', 'Operation', `<select id="operation" name="operation">${operations}</select>`)}
${field('status', 'Status', '<input id="status" name="status" type="number" min="200" max="599" placeholder="503">')}
${field('delay', 'Delay (ms)', '<input id="delay" name="delayMs" type="number" min="0" max="60000" placeholder="900">')}
${field('fault', 'Fault', `<select id="fault" name="fault"><option value="">none</option>${faultOptions}</select>`)}
${field('times', 'Times', '<input id="times" name="times" type="number" min="1" placeholder="every time">')}
${field('probability', 'Probability', probabilityInput)}
<button type="submit">Add rule</button>
</form>
<table aria-label="rules">
<thead><tr><th>id</th><th>method</th><th>path</th><th>status</th><th>delay ms</th><th>fault</th><th>times left</th>` +
    `<th>probability</th><th></th></tr></thead>
<tbody id="rule-rows"></tbody>
</table>
<p><button type="button" id="clear-rules">Clear rules</button></p>
</section>
<section aria-labelledby="sessions-title">
<h2 id="sessions-title">Sessions</h2>
<table aria-label="sessions">
<thead><tr><th>X-Mock-Session</th><th>rules</th><th></th></tr></thead>
<tbody id="session-rows"></tbody>
</table>
</section>
<section aria-labelledby="journal-title">
<h2 id="journal-title">Requests</h2>
<p><span id="journal-status">Connecting…</span> <button type="button" id="clear-journal">Clear</button></p>
<table aria-label="requests">
<thead><tr><th>time (UTC)</th><th>session</th><th>method</th><th>path</th><th>status</th><th>ms</th>` +
    `<th>operation</th><th>findings</th></tr></thead>
<tbody id="journal-rows"></tbody>
</table>
</section>
</body>
</html>
`
  )
}

/** A form field: its label names the control alone (a wrapping label would take in a select's options too). */
function field(id: string, label: string, control: string): string {
  return `<span class="field"><label for="${id}">${label}</label>${control}</span>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
