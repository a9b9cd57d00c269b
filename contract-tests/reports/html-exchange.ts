import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import { curlCommand } from './curl-command.ts'
import { html, type SafeHtml } from './html.ts'

/** Longer bodies are cut: a report is read, and a 5 MB listing would bury the failure. */
const bodyCap = 2_000

// Indented JSON reads better, but only when indenting is all that changes: a body that does not
// survive a parse and re-serialise unchanged (big numbers, duplicate keys) is shown as received.
function readableBody(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text)
    if (JSON.stringify(parsed) === text && typeof parsed === 'object' && parsed !== null)
      return JSON.stringify(parsed, null, 2)
  } catch {
    // Not JSON: shown as received.
  }
  return text
}

function responseBody(response: ExchangeResponse): SafeHtml {
  if (response.bodyText === '') return html`<p class="note">Empty body.</p>`
  const body = readableBody(response.bodyText)
  const shown = body.length > bodyCap ? body.slice(0, bodyCap) : body
  const notes = [
    body.length > bodyCap
      ? `First ${bodyCap.toLocaleString('en')} of ${body.length.toLocaleString('en')} characters.`
      : '',
    response.truncated ? 'The client stopped reading at its size cap: the body was longer still.' : '',
  ].filter(Boolean)
  return html`<pre class="body">${shown}</pre>${notes.length > 0 && html`<p class="note">${notes.join(' ')}</p>`}`
}

/** `200` with a class for its family: the colour says at a glance what kind of answer came. */
export function statusBadge(exchange: Exchange): SafeHtml {
  if (!exchange.response) return html`<span class="status s-none">no answer</span>`
  const status = exchange.response.status
  return html`<span class="status s-${String(status)[0]}xx">${status}</span>`
}

function responsePanel(response: ExchangeResponse): SafeHtml {
  const headers = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`)
  const listed = headers.length > 0 ? headers.join('\n') : '(none)'
  return html`<p class="label">Response headers</p><pre class="headers">${listed}</pre>
<p class="label">Response body</p>${responseBody(response)}`
}

/**
 * One exchange as a reader wants it to debug: the request line, a curl line to reproduce it (one
 * click selects it whole), then the status, headers and the start of the body that came back;
 * `responseOpen: false` folds the response away where the same kind of answer was already shown;
 * `requestLine: false` leaves out the request line where a summary above already shows it.
 * @example html`<div>${htmlExchange(exchange)}</div>`
 */
export function htmlExchange(exchange: Exchange, { responseOpen = true, requestLine = true } = {}): SafeHtml {
  const { request, response } = exchange
  const took = response && html` <span class="muted">${response.durationMs} ms</span>`
  const line =
    requestLine &&
    html`<p class="request-line"><span class="method">${request.method}</span> <code>${request.url}</code> → ${[
      statusBadge(exchange),
      took,
    ]}</p>`
  const noAnswer =
    exchange.transportError &&
    html`<p class="label">No HTTP answer</p><pre class="body">${exchange.transportError}</pre>`
  const characters = response?.bodyText.length.toLocaleString('en')
  const folded =
    response &&
    html`<details class="exchange-more"><summary>Response headers and body (${characters} characters)</summary>${[
      responsePanel(response),
    ]}</details>`
  return html`<div class="exchange">
${line}
<p class="label">Reproduce</p>
<pre class="curl">${curlCommand(request)}</pre>
${noAnswer}
${response && (responseOpen ? responsePanel(response) : folded)}
</div>`
}
