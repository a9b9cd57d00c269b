import { fileURLToPath } from 'node:url'
import type { Browser, Locator, Page } from 'playwright'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type DemoServer, serveDemo } from '../browser-demo/serve-demo.ts'
import { launchChromium } from '../support/launch-chromium.ts'

// The browser mock's dev panel in Chromium, in a small app whose own style sheet is as greedy as it gets.
// Its form sits in the bottom right corner, where the panel opens at first.
const html =
  '<!doctype html><html><head><meta charset="utf-8"><title>app</title>' +
  '<style>* { font-family: serif !important; color: rgb(200, 0, 0) !important; }' +
  '#app-form { position: fixed; right: 16px; bottom: 16px; }</style></head><body>' +
  '<table><tr><td id="app-cell">app</td></tr></table>' +
  '<form id="app-form"><input aria-label="App field"><button type="button">Save</button></form>' +
  '<script type="module" src="/demo.js"></script></body></html>'
const key = 'petstore-contract:pets'

let site: DemoServer
let browser: Browser
let setupFailure: unknown

beforeAll(async () => {
  try {
    ;[site, browser] = await Promise.all([
      serveDemo({
        page: {
          html,
          entry: fileURLToPath(new URL('./page/app.ts', import.meta.url)),
          workerScript: fileURLToPath(new URL('../../mocks/browser/public/mockServiceWorker.js', import.meta.url)),
        },
      }),
      launchChromium(),
    ])
  } catch (error) {
    setupFailure = error
  }
})
// A failure to start fails every test rather than leaving them skipped.
beforeEach(() => {
  if (setupFailure) throw setupFailure
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** A fresh browser profile with the app open (`query` chooses its setup) and its mock's worker in control. */
async function open(query: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  page.setDefaultTimeout(scaledMs(10_000))
  await page.goto(`${site.url}${query}`)
  await ready(page)
  return page
}

async function ready(page: Page): Promise<void> {
  await page.locator('body[data-mock="ready"]').waitFor({ state: 'attached' })
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/mockServiceWorker\.js$/)
}

/** Polls until what `read` gives meets the matcher, generously (the panel renders every half second). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: scaledMs(10_000), interval: 100 })

/** The panel, opened from its button. */
async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Pet Store mock' }).click()
  const panel = page.getByRole('region', { name: 'Pet Store mock' })
  await panel.getByRole('heading', { name: 'Pet Store mock' }).waitFor()
  return panel
}

/** A request from the page, answered by its worker: the status and the body as text. */
function call(page: Page, path: string, init: { method?: string; body?: string } = {}) {
  return page.evaluate(
    async ({ path, init, key }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${key}` }
      if (init.body) headers['content-type'] = 'application/json'
      const response = await fetch(path, { ...init, headers })
      return { status: response.status, text: await response.text() }
    },
    { path, init, key: developmentApiKey },
  )
}

/** The rows of one of the panel's tables, each as its cells' texts. */
async function rows(panel: Locator, table: 'mock requests' | 'mock rules'): Promise<Array<Array<string>>> {
  const found = panel.getByRole('table', { name: table }).locator('tbody tr')
  return Promise.all((await found.all()).map((row) => row.locator('td').allTextContents()))
}

/** Adds a rule through the panel's form: the operation's option text, then fields by their label. */
async function addRule(panel: Locator, operation: string, fields: Record<string, string>): Promise<void> {
  await panel.getByLabel('Operation').selectOption({ label: operation })
  for (const [label, value] of Object.entries(fields)) {
    const control = panel.getByLabel(label, { exact: true })
    if (label === 'Fault') await control.selectOption(value)
    else await control.fill(value)
  }
  await panel.getByRole('button', { name: 'Add rule' }).click()
}

it('lists the requests of the page live, newest first, a path with markup in it as text', async () => {
  const page = await open('?panel')
  const panel = await openPanel(page)
  await panel.getByText('Live: 0 requests.').waitFor()
  expect((await call(page, '/v1/pets?limit=2')).status).toBe(200)
  const hostile = '/v1/pets/<img src=x onerror="document.body.dataset.owned=1">'
  expect((await call(page, hostile)).status).toBe(400)
  await panel.getByText('Live: 2 requests.').waitFor()
  const [newest, oldest] = await rows(panel, 'mock requests')
  expect(oldest?.slice(1)).toEqual(['GET', '/v1/pets?limit=2', '200', expect.any(String), 'listPets'])
  expect(newest?.slice(1, 4)).toEqual([
    'GET',
    '/v1/pets/%3Cimg%20src=x%20onerror=%22document.body.dataset.owned=1%22%3E',
    '400',
  ])
  expect(await panel.locator('img').count()).toBe(0)
  expect(await page.evaluate(() => document.body.dataset.owned)).toBeUndefined()

  await panel.getByRole('button', { name: 'Clear', exact: true }).click()
  await panel.getByText('Live: 0 requests.').waitFor()
  await page.context().close()
})

it('forces the 500 the app then shows through a rule added on the panel, until the rule is removed', async () => {
  const page = await open('?panel')
  const panel = await openPanel(page)
  await addRule(panel, 'listPets: GET /v1/pets', { Status: '500' })
  await eventually(() => panel.getByRole('status').textContent()).toBe('Added rule r1: GET /v1/pets.')
  await eventually(() => rows(panel, 'mock rules')).toEqual([
    ['r1', 'GET', '/v1/pets', '500', '', '', '', '', 'Remove'],
  ])

  await page.getByRole('button', { name: 'Load pets' }).click()
  await eventually(() => page.getByRole('alert').textContent()).toMatch(/^Failed to load the pets: 500 /)
  await eventually(() =>
    panel.getByRole('table', { name: 'mock requests' }).locator('tbody tr').first().textContent(),
  ).toContain('500')

  await panel.getByRole('button', { name: 'Remove' }).click()
  await eventually(() => panel.getByRole('status').textContent()).toBe('Removed rule r1.')
  await eventually(() => rows(panel, 'mock rules')).toEqual([])
  await page.getByRole('button', { name: 'Load pets' }).click()
  await eventually(() => page.getByRole('listitem').count()).toBe(3)
  await eventually(() => page.getByRole('alert').textContent()).toBe('')
  await page.context().close()
})

it('adds a rule with a probability, a delay, a fault and a count, and shows a refusal with its reason', async () => {
  const page = await open('?panel')
  const panel = await openPanel(page)
  // Probability 0: the rule is there and never applies; were the field dropped, every list would be a 503.
  await addRule(panel, 'listPets: GET /v1/pets', { Status: '503', Probability: '0' })
  expect((await call(page, '/v1/pets?limit=1')).status).toBe(200)
  await addRule(panel, 'getPet: GET /v1/pets/{petId}', {
    Status: '',
    Probability: '1',
    'Delay (ms)': '20',
    Fault: 'reset',
    Times: '1',
  })
  await eventually(() => rows(panel, 'mock rules')).toEqual([
    ['r1', 'GET', '/v1/pets', '503', '', '', '', '0', 'Remove'],
    ['r2', 'GET', '/v1/pets/{petId}', '', '20', 'reset', '1', '1', 'Remove'],
  ])
  // The reset fault drops the request: the page's fetch fails, the journal says no answer, the rule is spent.
  expect(await call(page, '/v1/pets/1').catch((error: Error) => error.message)).toMatch(/Failed to fetch/)
  await eventually(() =>
    panel.getByRole('table', { name: 'mock requests' }).locator('tbody tr').first().textContent(),
  ).toContain('no answer')
  await eventually(() => panel.getByRole('table', { name: 'mock rules' }).locator('tbody tr').count()).toBe(1)

  await addRule(panel, 'getPet: GET /v1/pets/{petId}', { 'Delay (ms)': '', Fault: '', Times: '', Probability: '' })
  await eventually(() => panel.getByRole('status').textContent()).toBe(
    'Failed to add the rule: expected at least one of "status", "delayMs" or "fault", got none.',
  )
  await eventually(() => panel.getByRole('table', { name: 'mock rules' }).locator('tbody tr').count()).toBe(1)
  await page.context().close()
})

it('resets the mock: the seeded pets, no rule, no request, and what persist kept cleared', async () => {
  const page = await open('?panel&persist')
  const panel = await openPanel(page)
  await panel.getByText(`Storage: nothing kept in localStorage "${key}"; a reload starts from the seed.`).waitFor()
  const created = await call(page, '/v1/pets', { method: 'POST', body: '{"name":"Kept","categoryId":1}' })
  expect(created.status).toBe(201)
  await panel
    .getByText(new RegExp(`^Storage: localStorage "${key}" keeps the pets \\(\\d+ characters\\)\\.$`))
    .waitFor()
  await addRule(panel, 'listPets: GET /v1/pets', { Status: '503' })

  await panel.getByRole('button', { name: 'Reset' }).click()
  await eventually(() => panel.getByRole('status').textContent()).toBe(
    `Reset: the seeded pets, no rule, no session, no request; localStorage "${key}" cleared.`,
  )
  await eventually(() => rows(panel, 'mock rules')).toEqual([])
  await panel.getByText('Live: 0 requests.').waitFor()
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBeNull()
  expect((await call(page, '/v1/pets/51')).status).toBe(404)
  await page.context().close()
})

it('clears what persist kept without touching the page: the next reload starts from the seed', async () => {
  const page = await open('?panel&persist')
  const panel = await openPanel(page)
  expect((await call(page, '/v1/pets', { method: 'POST', body: '{"name":"Kept","categoryId":1}' })).status).toBe(201)
  await panel.getByRole('button', { name: 'Clear storage' }).click()
  await eventually(() => panel.getByRole('status').textContent()).toBe(
    `Cleared localStorage "${key}": a reload starts from the seed (a change before then keeps the pets again).`,
  )
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBeNull()
  expect((await call(page, '/v1/pets/51')).status).toBe(200)
  await page.reload()
  await ready(page)
  expect((await call(page, '/v1/pets/51')).status).toBe(404)
  await page.context().close()
})

it("stays out of the app's way: closed behind one button, its style and the app's apart, no page global", async () => {
  const page = await open('?panel')
  expect(JSON.parse((await page.evaluate(() => document.body.dataset.globalsAdded)) ?? 'null')).toEqual([])
  await page.getByRole('region', { name: 'Pet Store mock' }).waitFor({ state: 'hidden' })
  const panel = await openPanel(page)
  const style = (locator: Locator) =>
    locator.evaluate((element) => {
      const { fontFamily, color } = getComputedStyle(element)
      return { fontFamily, color }
    })
  // The app's greedy rules style neither the panel's cells nor its buttons; the panel's monospace cells stay inside.
  const reset = await style(panel.getByRole('button', { name: 'Reset' }))
  expect(reset.fontFamily).toMatch(/^system-ui/)
  expect(reset.color).not.toBe('rgb(200, 0, 0)')
  expect((await style(panel.getByRole('table', { name: 'mock requests' }).locator('th').first())).fontFamily).toMatch(
    /^system-ui/,
  )
  expect(await style(page.locator('#app-cell'))).toEqual({ fontFamily: 'serif', color: 'rgb(200, 0, 0)' })
  await panel.getByRole('button', { name: 'Fold' }).click()
  await panel.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Pet Store mock' }).waitFor()
  await page.context().close()
})

/** Where the panel (or its folded handle) sits: its box, and which corner of the viewport it is nearest. */
async function placeOf(locator: Locator): Promise<{ corner: string; width: number; height: number }> {
  const box = await locator.boundingBox()
  const viewport = locator.page().viewportSize()
  if (!box || !viewport) throw new Error('Failed to place the panel: expected a box and a viewport, got none.')
  const vertical = box.y + box.height / 2 < viewport.height / 2 ? 'top' : 'bottom'
  const horizontal = box.x + box.width / 2 < viewport.width / 2 ? 'left' : 'right'
  // Docked: 12 px from both edges of its corner.
  const gapX = horizontal === 'left' ? box.x : viewport.width - box.x - box.width
  const gapY = vertical === 'top' ? box.y : viewport.height - box.y - box.height
  expect([Math.round(gapX), Math.round(gapY)]).toEqual([12, 12])
  return { corner: `${vertical}-${horizontal}`, width: box.width, height: box.height }
}

/** What the page shows at the centre of its form: `petstore-panel` while the panel covers it. */
const atAppForm = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('#app-form')!.getBoundingClientRect()
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.localName
  })

/** Drags the mouse from the centre of `from` to a point of the viewport, in steps, as a hand does. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }): Promise<void> {
  const box = await from.boundingBox()
  if (!box) throw new Error('Failed to drag: expected a box to start from, got none.')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 8 })
  await page.mouse.up()
}

it('folds to a small handle in its corner, and opens from it again', async () => {
  const page = await open('?panel')
  const handle = page.getByRole('button', { name: 'Pet Store mock' })
  expect(await placeOf(handle)).toMatchObject({ corner: 'bottom-right' })
  const panel = await openPanel(page)
  const opened = await placeOf(panel)
  expect(opened.corner).toBe('bottom-right')
  await panel.getByRole('button', { name: 'Fold' }).click()
  await panel.waitFor({ state: 'hidden' })
  const folded = await placeOf(handle)
  expect(folded.corner).toBe('bottom-right')
  // A handle: a small fraction of the open panel.
  expect(folded.width * folded.height).toBeLessThan((opened.width * opened.height) / 20)
  expect(folded.height).toBeLessThanOrEqual(32)
  await handle.click()
  await panel.waitFor()
  await page.context().close()
})

it("moves out of the app's way: Move goes round the corners, a drag docks it where it is let go", async () => {
  const page = await open('?panel')
  const panel = await openPanel(page)
  // Open in the bottom right corner, it covers the app's form there.
  expect(await atAppForm(page)).toBe('petstore-panel')
  await panel.getByRole('button', { name: 'Move to the bottom left corner' }).click()
  expect(await placeOf(panel)).toMatchObject({ corner: 'bottom-left' })
  expect(await atAppForm(page)).not.toBe('petstore-panel')
  await page.getByRole('textbox', { name: 'App field' }).fill('typed by the app user')
  await panel.getByRole('button', { name: 'Move to the top left corner' }).click()
  expect(await placeOf(panel)).toMatchObject({ corner: 'top-left' })

  // Dragged by its header to near the top right corner, it docks there; its controls keep their own clicks.
  const viewport = page.viewportSize()!
  await drag(page, panel.getByRole('heading', { name: 'Pet Store mock' }), { x: viewport.width - 60, y: 60 })
  await eventually(async () => (await placeOf(panel)).corner).toBe('top-right')
  await panel.getByRole('button', { name: 'Move to the bottom right corner' }).click()
  expect(await placeOf(panel)).toMatchObject({ corner: 'bottom-right' })

  // The folded handle is dragged the same way, and a drag of it does not open the panel.
  await panel.getByRole('button', { name: 'Fold' }).click()
  const handle = page.getByRole('button', { name: 'Pet Store mock' })
  await drag(page, handle, { x: 40, y: viewport.height - 40 })
  await eventually(async () => (await placeOf(handle)).corner).toBe('bottom-left')
  expect(await panel.isHidden()).toBe(true)
  await page.context().close()
})

it('is back in the same corner, open or folded, after a reload', async () => {
  const page = await open('?panel')
  const panel = await openPanel(page)
  await panel.getByRole('button', { name: 'Move to the bottom left corner' }).click()
  await panel.getByRole('button', { name: 'Move to the top left corner' }).click()
  await page.reload()
  await ready(page)
  // Left open top left: open top left again, without a click.
  await panel.waitFor()
  expect(await placeOf(panel)).toMatchObject({ corner: 'top-left' })
  await panel.getByRole('button', { name: 'Fold' }).click()
  await page.reload()
  await ready(page)
  const handle = page.getByRole('button', { name: 'Pet Store mock' })
  await handle.waitFor()
  expect(await panel.isHidden()).toBe(true)
  expect(await placeOf(handle)).toMatchObject({ corner: 'top-left' })
  // Another tab of the app starts where this one left it; the mock's own storage is untouched by it.
  const other = await page.context().newPage()
  await other.goto(`${site.url}?panel`)
  await ready(other)
  expect(await placeOf(other.getByRole('button', { name: 'Pet Store mock' }))).toMatchObject({ corner: 'top-left' })
  expect(await other.evaluate((key) => localStorage.getItem(key), key)).toBeNull()
  await page.context().close()
})

it("keeps its style under the app's strict Content-Security-Policy (no inline style)", async () => {
  const context = await browser.newContext()
  await context.route(`${site.url}?panel`, async (route) => {
    const response = await route.fetch()
    const headers = { ...response.headers(), 'content-security-policy': "style-src 'self'" }
    await route.fulfill({ response, headers })
  })
  const page = await context.newPage()
  page.setDefaultTimeout(scaledMs(10_000))
  const refused: Array<string> = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text())
  })
  await page.goto(`${site.url}?panel`)
  await ready(page)
  const panel = await openPanel(page)
  const reset = panel.getByRole('button', { name: 'Reset' })
  expect(await reset.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^system-ui/)
  expect(await panel.evaluate((element) => getComputedStyle(element).position)).toBe('static')
  expect(await page.locator('petstore-panel .dock').evaluate((element) => getComputedStyle(element).position)).toBe(
    'fixed',
  )
  // The policy is in force: the app's own inline style sheet is what it refused, and only that.
  expect(refused).toHaveLength(1)
  expect(await page.locator('#app-cell').evaluate((element) => getComputedStyle(element).fontFamily)).not.toBe('serif')
  await context.close()
})

it('mounts nothing without the option', async () => {
  const page = await open('')
  expect(await page.locator('petstore-panel').count()).toBe(0)
  expect(await page.evaluate(() => document.body.dataset.globalsAdded)).toBe('[]')
  await page.context().close()
})
