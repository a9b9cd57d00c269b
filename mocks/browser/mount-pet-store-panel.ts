import type { MockControls } from '../core/controls/mock-controls.ts'
import type { MockRule, MockRuleInput } from '../core/controls/rule-set.ts'
import { button, dataTable, el, tableRow } from './panel-dom.ts'
import { dragToCorner } from './panel-drag.ts'
import { type Corner, moveLabel, nextCorner, readPanelPlace, writePanelPlace } from './panel-place.ts'
import { requestsView } from './panel-requests.ts'
import { ruleForm } from './panel-rule-form.ts'
import { panelStyle } from './panel-style.ts'

/** What the panel shows and acts on: the browser mock's default store. */
interface PanelMock {
  rules: MockControls['rules']
  journal: MockControls['journal']
  reset(): Promise<void>
}

/** Where `persist` keeps the pets, for the panel's storage line and its Clear storage button. */
interface PanelStorage {
  readonly where: string
  storedLength(): number | undefined
  clear(): void
}

/** `panel` of `setupPetStoreWorker`: `true` takes the defaults. */
export interface PetStorePanelOptions {
  /**
   * Show the panel at once. Default false: a "Pet Store mock" handle in the corner opens it. Once the developer has
   * opened or folded it, the page remembers that instead (and its corner).
   */
  open?: boolean
}

/** The dev panel in the page. */
export interface PetStorePanel {
  /** Its host element, `<petstore-panel>`, last in the body; its content is in an open shadow root. */
  readonly element: HTMLElement
  /** Removes the panel and stops its updates. */
  close(): void
}

/** The panel reads the mock this often while it is open; nothing while it is closed. */
const refreshMs = 500
const tagName = 'petstore-panel'

/**
 * Mounts the browser mock's dev panel in the page: the journal, live; the rules, added (status, delay, fault, times,
 * probability) and removed; Reset; and, with `persist`, what the storage holds and a button that clears it. It acts
 * on the mock in the page, with no request of its own. Everything sits in the shadow root of one element of its
 * own, `<petstore-panel>` (no custom element is registered); every text a request carried is written as text.
 * It folds to a small handle, moves to any corner of the page (its Move button, or a drag of its header or handle)
 * and is back in the same corner, open or folded, after a reload (`localStorage`, `petstore-contract:panel`).
 * Mounting again replaces the page's earlier panel.
 * @example
 * const panel = mountPetStorePanel(mock, { open: true }) // what setupPetStoreWorker({ panel: { open: true } }) does
 * panel.close()
 */
export function mountPetStorePanel(
  mock: PanelMock,
  { open = false }: PetStorePanelOptions = {},
  storage?: PanelStorage,
): PetStorePanel {
  if (typeof document === 'undefined')
    throw new Error('Failed to mount the Pet Store panel: expected a page with a document, got none.')
  const host = document.createElement(tagName)
  const root = host.attachShadow({ mode: 'open' })
  adoptStyle(root)

  const place = readPanelPlace(open)
  const toggle = button('Pet Store mock', () => show(true, true), 'toggle')
  toggle.title = 'Open the Pet Store mock panel (drag to move it)'
  const move = button('Move', () => moveTo(nextCorner(place.corner)))
  const header = el('header', {}, [
    el('h2', { text: 'Pet Store mock', attributes: { title: 'Drag to move the panel to another corner' } }),
    button('Reset', () => act(reset)),
    ...(storage ? [button('Clear storage', () => act(clearStorage))] : []),
    move,
    button('Fold', () => show(false, true)),
  ])
  const message = el('p', { className: 'message', attributes: { role: 'status' } })
  const stored = el('p', { className: 'note' })
  const rules = dataTable('mock rules', [
    'id',
    'method',
    'path',
    'status',
    'delay ms',
    'fault',
    'times left',
    'probability',
    '',
  ])
  const requests = requestsView(mock.journal)
  const panel = el('section', { className: 'panel', attributes: { 'aria-label': 'Pet Store mock' } }, [
    header,
    message,
    ...(storage ? [stored] : []),
    el('h3', { text: 'Rules' }),
    ruleForm((rule) => void act(() => addRule(rule))),
    rules.table,
    el('p', {}, [button('Clear rules', () => act(clearRules))]),
    el('h3', { text: 'Requests' }),
    el('p', {}, [requests.status, document.createTextNode(' '), button('Clear', () => act(clearJournal))]),
    requests.table,
  ])
  const dock = el('div', { className: 'dock' }, [toggle, panel])
  root.append(dock)
  dragToCorner(dock, [toggle, header], moveTo)

  const shown = { rules: '', stored: '' }
  let timer: ReturnType<typeof setInterval> | undefined
  let mounted = false

  function say(text: string, failed = false): void {
    message.textContent = text
    message.dataset.state = failed ? 'error' : 'ok'
  }

  async function act(action: () => Promise<void> | void): Promise<void> {
    try {
      await action()
    } catch (error) {
      say((error as Error).message, true)
    }
    refresh()
  }

  function addRule(rule: MockRuleInput): void {
    const added = mock.rules.add(rule)
    say(`Added rule ${added.id}: ${added.method} ${added.path}.`)
  }
  function clearRules(): void {
    mock.rules.clear()
    say('Cleared the rules.')
  }
  function clearJournal(): void {
    mock.journal.clear()
    say('Cleared the requests.')
  }
  async function reset(): Promise<void> {
    await mock.reset()
    const kept = storage ? `; ${storage.where} cleared` : ''
    say(`Reset: the seeded pets, no rule, no session, no request${kept}.`)
  }
  function clearStorage(): void {
    storage?.clear()
    say(`Cleared ${storage?.where}: a reload starts from the seed (a change before then keeps the pets again).`)
  }

  function renderRules(list: ReadonlyArray<MockRule>): void {
    rules.body.replaceChildren(
      ...list.map((rule) =>
        tableRow(
          [rule.id, rule.method, rule.path, rule.status, rule.delayMs, rule.fault, rule.times, rule.probability],
          [
            button('Remove', () =>
              act(() => {
                mock.rules.remove(rule.id)
                say(`Removed rule ${rule.id}.`)
              }),
            ),
          ],
        ),
      ),
    )
  }

  /** Renders a part only when what it shows changed, so a quiet page costs the DOM nothing. */
  function update(part: keyof typeof shown, value: unknown, render: () => void): void {
    const text = JSON.stringify(value)
    if (text === shown[part]) return
    shown[part] = text
    render()
  }

  function refresh(): void {
    requests.refresh()
    const list = mock.rules.list()
    update('rules', list, () => renderRules(list))
    if (!storage) return
    const length = storage.storedLength()
    update('stored', length ?? null, () => {
      stored.textContent =
        length === undefined
          ? `Storage: nothing kept in ${storage.where}; a reload starts from the seed.`
          : `Storage: ${storage.where} keeps the pets (${length} characters).`
    })
  }

  /** Docks the panel (or its handle) in a corner, and remembers it there. */
  function moveTo(corner: Corner): void {
    place.corner = corner
    dock.dataset.corner = corner
    move.setAttribute('aria-label', moveLabel(corner))
    writePanelPlace(place)
  }

  /** Opens or folds the panel; `remember`: the developer did it, and the next load of the page does the same. */
  function show(opened: boolean, remember = false): void {
    if (remember) {
      place.open = opened
      writePanelPlace(place)
    }
    toggle.hidden = opened
    panel.hidden = !opened
    toggle.setAttribute('aria-expanded', String(opened))
    clearInterval(timer)
    timer = undefined
    if (!opened) return
    refresh()
    timer = setInterval(() => {
      // Taken out of the page (by a later mount, or by the app): stop reading the mock.
      if (host.isConnected || !mounted) refresh()
      else show(false)
    }, refreshMs)
  }

  for (const earlier of document.querySelectorAll(tagName)) earlier.remove()
  dock.dataset.corner = place.corner
  move.setAttribute('aria-label', moveLabel(place.corner))
  show(place.open)
  const mount = () => {
    document.body.append(host)
    mounted = true
  }
  if (document.body) mount()
  else document.addEventListener('DOMContentLoaded', mount, { once: true })
  return {
    element: host,
    close() {
      show(false)
      host.remove()
    },
  }
}

/** A constructed style sheet where the browser has them (no inline style for a CSP to refuse), else a `<style>`. */
function adoptStyle(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(panelStyle)
    root.adoptedStyleSheets = [sheet]
    return
  }
  root.append(el('style', { text: panelStyle }))
}
