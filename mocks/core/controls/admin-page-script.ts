// Types only: erased, so the function's source text, which the server sends, names nothing of these modules.
import type { JournalEntry } from './request-journal.ts'
import type { MockRule } from './rule-set.ts'

/**
 * The admin page's script, run in the browser (`/__mock/admin.js`): it polls the admin API once a second and
 * renders the journal, the rules of the chosen session and the sessions, and wires the forms and buttons to the
 * same API. It must be self-contained (the server sends its source text): no import, nothing from this module's
 * scope, and only DOM writes through `textContent`, so no path or query a client sent can become markup.
 * @example const text = `(${adminPageScript.toString()})()`
 */
export function adminPageScript(): void {
  const pollMs = 1000
  const shownRequests = 200
  const element = <T extends HTMLElement>(id: string): T => {
    const found = document.getElementById(id)
    if (!found) throw new Error(`Failed to start the admin page: expected an element #${id}, got none.`)
    return found as T
  }
  const session = element<HTMLSelectElement>('session')
  const message = element('message')
  const journalBody = element<HTMLTableSectionElement>('journal-rows')
  const journalStatus = element('journal-status')
  const rulesBody = element<HTMLTableSectionElement>('rule-rows')
  const sessionsBody = element<HTMLTableSectionElement>('session-rows')
  const ruleForm = element<HTMLFormElement>('rule-form')
  const shown = { journal: '', rules: '', sessions: '' }

  interface ApiError {
    message?: string
  }

  /** A call to the admin API, as the chosen session unless `everyone`; throws with the API's own message. */
  async function call(method: string, path: string, body?: unknown, everyone = false): Promise<unknown> {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (session.value !== '' && !everyone) headers['x-mock-session'] = session.value
    const response = await fetch(`/__mock${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (response.status === 204) return undefined
    const answer = (await response.json().catch(() => ({}))) as ApiError
    if (!response.ok) throw new Error(`${response.status}: ${answer.message ?? response.statusText}`)
    return answer
  }

  function say(text: string, failed = false): void {
    message.textContent = text
    message.dataset.state = failed ? 'error' : 'ok'
  }

  function row(cells: Array<string | number | null | undefined>, actions: Array<HTMLButtonElement> = []) {
    const tr = document.createElement('tr')
    for (const cell of cells) {
      const td = document.createElement('td')
      td.textContent = cell === null || cell === undefined ? '' : String(cell)
      tr.append(td)
    }
    if (actions.length > 0) {
      const td = document.createElement('td')
      td.append(...actions)
      tr.append(td)
    }
    return tr
  }

  function button(label: string, onClick: () => Promise<void>): HTMLButtonElement {
    const made = document.createElement('button')
    made.type = 'button'
    made.textContent = label
    made.addEventListener('click', () => void act(onClick))
    return made
  }

  /** Runs an action, says how it went, and shows its effect at once rather than at the next poll. */
  async function act(action: () => Promise<void>): Promise<void> {
    try {
      await action()
    } catch (error) {
      say((error as Error).message, true)
    }
    await refresh()
  }

  /** What `GET /__mock/sessions` lists. */
  interface Session {
    name: string
    rules: number
  }

  function renderJournal(requests: Array<JournalEntry>): void {
    const newest = requests.slice(-shownRequests).reverse()
    journalBody.replaceChildren(
      ...newest.map((entry) =>
        row([
          entry.at.slice(11, 23),
          entry.session ?? 'default',
          entry.method,
          entry.query === '' ? entry.path : `${entry.path}?${entry.query}`,
          entry.status ?? entry.outcome,
          entry.durationMs,
          entry.operationId,
          // The proxy's findings on the deployment's answer, at their levels (`--proxy`); none from the mock.
          (entry.findings ?? []).map(({ level, check, message }) => `${level} ${check}: ${message}`).join('; '),
        ]),
      ),
    )
    const more = requests.length > shownRequests ? `, the newest ${shownRequests} shown` : ''
    const now = new Date().toISOString().slice(11, 19)
    journalStatus.textContent = `Live: ${requests.length} requests${more}, updated ${now} UTC.`
  }

  function renderRules(rules: Array<MockRule>): void {
    rulesBody.replaceChildren(
      ...rules.map((rule) =>
        row(
          [rule.id, rule.method, rule.path, rule.status, rule.delayMs, rule.fault, rule.times, rule.probability],
          [
            button('Remove', async () => {
              await call('DELETE', `/rules/${encodeURIComponent(rule.id)}`)
              say(`Removed rule ${rule.id}.`)
            }),
          ],
        ),
      ),
    )
  }

  function renderSessions(sessions: Array<Session>): void {
    const chosen = session.value
    const names = ['', ...sessions.map((known) => known.name)]
    if (chosen !== '' && !names.includes(chosen)) names.push(chosen)
    session.replaceChildren(
      ...names.map((name) => new Option(name === '' ? 'default store' : name, name, false, name === chosen)),
    )
    sessionsBody.replaceChildren(
      ...sessions.map((known) =>
        row(
          [known.name, known.rules],
          [
            button('Choose', async () => {
              session.value = known.name
              say(`Rules, forced answers and reset now act on session ${known.name}.`)
            }),
          ],
        ),
      ),
    )
  }

  /** Renders a section only when what the API says changed, so a poll costs the DOM nothing while all is quiet. */
  function update(section: keyof typeof shown, value: unknown, render: () => void): void {
    const text = JSON.stringify(value)
    if (text === shown[section]) return
    shown[section] = text
    render()
  }

  let polling = false
  async function refresh(): Promise<void> {
    if (polling) return
    polling = true
    try {
      const [journal, rules, sessions] = (await Promise.all([
        call('GET', '/requests', undefined, true),
        call('GET', '/rules'),
        call('GET', '/sessions', undefined, true),
      ])) as [{ requests: Array<JournalEntry> }, { rules: Array<MockRule> }, { sessions: Array<Session> }]
      update('journal', journal.requests, () => renderJournal(journal.requests))
      update('rules', rules.rules, () => renderRules(rules.rules))
      update('sessions', sessions.sessions, () => renderSessions(sessions.sessions))
      document.body.dataset.live = 'true'
    } catch (error) {
      journalStatus.textContent = `Not updating: ${(error as Error).message}. Is the mock still running?`
      document.body.dataset.live = 'false'
    } finally {
      polling = false
    }
  }

  ruleForm.addEventListener('submit', (event) => {
    event.preventDefault()
    const form = new FormData(ruleForm)
    const [method, path] = String(form.get('operation')).split(' ')
    const rule: Record<string, unknown> = { method, path }
    for (const field of ['status', 'delayMs', 'times', 'probability']) {
      const value = String(form.get(field) ?? '').trim()
      if (value !== '') rule[field] = Number(value)
    }
    const fault = String(form.get('fault') ?? '')
    if (fault !== '') rule.fault = fault
    void act(async () => {
      const added = (await call('POST', '/rules', rule)) as MockRule
      say(`Added rule ${added.id}: ${added.method} ${added.path}.`)
    })
  })
  element('clear-rules').addEventListener('click', () =>
    act(async () => {
      await call('DELETE', '/rules')
      say('Cleared the rules.')
    }),
  )
  element('clear-journal').addEventListener('click', () =>
    act(async () => {
      await call('DELETE', '/requests', undefined, true)
      say('Cleared the journal.')
    }),
  )
  element('reset').addEventListener('click', () =>
    act(async () => {
      const what = session.value === '' ? 'everything' : `session ${session.value}`
      await call('POST', '/reset')
      say(`Reset ${what}: the seeded pets, no rule${session.value === '' ? ', no session, an empty journal' : ''}.`)
    }),
  )
  session.addEventListener('change', () => void refresh())

  void refresh()
  setInterval(() => void refresh(), pollMs)
}
