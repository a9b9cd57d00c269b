import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { type DemoServer, serveDemo } from './serve-demo.ts'

let demo: DemoServer | undefined
let browser: Browser | undefined
let page: Page
const pageErrors: Array<string> = []
let setupFailure: unknown

// A failure to start fails every test (vitest would only mark them skipped after a failing beforeAll).
beforeAll(() => openDemo().catch((error: unknown) => (setupFailure = error)))
beforeEach(() => {
  if (setupFailure) throw setupFailure
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
})

it('is controlled by the mock service worker, the only thing that can answer /v1', async () => {
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
  expect(scriptUrl).toBe(new URL('/mockServiceWorker.js', demo?.url).href)
  // The demo server itself knows no API route: without the worker, /v1 would be a plain-text 404.
  const direct = await fetch(new URL('/v1/pets?limit=3', demo?.url), {
    headers: { authorization: `Bearer ${developmentApiKey}` },
  })
  expect(direct.status).toBe(404)
  expect(direct.headers.get('content-type')).toMatch(/^text\/plain/)
})

it('prefills the development key', async () => {
  expect(await page.getByTestId('api-key').inputValue()).toBe(developmentApiKey)
})

it('lists pets with the development key', async () => {
  await page.getByTestId('list-limit').fill('3')
  const shown = await press('list-pets')
  expect(shown.request).toBe('GET /v1/pets?limit=3')
  expect(shown.status).toBe(200)
  expect(shown.body).toBeInstanceOf(Array)
  expect(shown.body).toHaveLength(3)
  for (const pet of shown.body as Array<Record<string, unknown>>) {
    expect(pet).toMatchObject({ id: expect.any(Number), name: expect.any(String), categoryId: expect.any(Number) })
  }
})

it('answers 401 with an Error when no key is sent', async () => {
  const shown = await press('list-pets-no-key')
  expect(shown.status).toBe(401)
  expect(shown.body).toMatchObject({ code: 'unauthorized', status: 401, message: expect.any(String) })
})

it('creates a pet and gets the same pet back by id', async () => {
  await page.getByTestId('create-name').fill('Pixel')
  await page.getByTestId('create-category-id').fill('7')
  await page.getByTestId('create-status').selectOption('pending')
  const created = await press('create-pet')
  expect(created.status).toBe(201)
  expect(created.body).toEqual({ id: expect.any(Number), name: 'Pixel', categoryId: 7, status: 'pending' })

  const { id } = created.body as { id: number }
  await page.getByTestId('get-id').fill(String(id))
  const fetched = await press('get-pet')
  expect(fetched.request).toBe(`GET /v1/pets/${id}`)
  expect(fetched.status).toBe(200)
  expect(fetched.body).toEqual(created.body)
})

it('answers 404 with an Error for an unknown pet', async () => {
  await page.getByTestId('get-id').fill('987654321')
  const shown = await press('get-pet')
  expect(shown.status).toBe(404)
  expect(shown.body).toMatchObject({ code: 'not_found', status: 404, message: 'No pet with id 987654321.' })
})

/** Serves the demo, opens it in Chromium and waits until the mock service worker controls the page. */
async function openDemo(): Promise<void> {
  ;[demo, browser] = await Promise.all([serveDemo(), launchChromium()])
  page = await browser.newPage()
  page.setDefaultTimeout(scaledMs(10_000))
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(demo.url)
  const status = page.getByTestId('worker-status')
  await page
    .locator('[data-testid="worker-status"]:not([data-state="starting"])')
    .waitFor({ timeout: scaledMs(15_000) })
  const state = await status.getAttribute('data-state')
  if (state !== 'active') {
    throw new Error(
      `Failed to start the demo's service worker: expected state "active", got "${state}": ` +
        `${await status.innerText()} ${pageErrors.join(' | ')}`,
    )
  }
}

interface Shown {
  request: string
  status: number
  body: unknown
}

/**
 * Clicks a control and reads the answer as the page shows it, once the request it sent went
 * through the service worker (Chromium marks such responses `fromServiceWorker`).
 */
async function press(testId: string): Promise<Shown> {
  const next = Number(await page.getByTestId('result').getAttribute('data-sequence')) + 1
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => new URL(candidate.url()).pathname.startsWith('/v1/')),
    page.getByTestId(testId).click(),
  ])
  expect(
    response.fromServiceWorker(),
    `${response.request().method()} ${response.url()} did not go through the service worker`,
  ).toBe(true)
  const result = page.locator(`[data-testid="result"][data-sequence="${next}"]:not([data-state="pending"])`)
  await result.waitFor()
  const bodyText = await page.getByTestId('result-body').innerText()
  expect(await result.getAttribute('data-state'), bodyText).toBe('done')
  expect(pageErrors).toEqual([])
  return {
    request: await page.getByTestId('result-request').innerText(),
    status: Number(await page.getByTestId('result-status').innerText()),
    body: JSON.parse(bodyText),
  }
}

it('lets the page read worker answers from another origin, headers included (decision 001)', async () => {
  const seen = await page.evaluate(async (key) => {
    // The same server under another host name is another origin: the browser treats the call as cross-origin.
    const other = new URL(location.href)
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost'
    const answer = await fetch(new URL('/v1/pets/1', other), { headers: { authorization: `Bearer ${key}` } })
    return { status: answer.status, deprecation: answer.headers.has('deprecation'), id: (await answer.json()).id }
  }, developmentApiKey)
  expect(seen).toEqual({ status: 200, deprecation: true, id: 1 })
})

it('honours the mock controls in the worker: Prefer, rules, journal, sessions, reset', async () => {
  const seen = await page.evaluate(async (key) => {
    const mock = (
      window as unknown as { petStoreMock: import('../../mocks/browser/setup-pet-store-worker.ts').PetStoreWorker }
    ).petStoreMock
    const auth = { authorization: `Bearer ${key}` }
    await mock.reset()
    const preferred = await fetch('/v1/pets?limit=1', { headers: { ...auth, prefer: 'code=503' } })
    const unauthenticated = await fetch('/v1/pets?limit=1', { headers: { prefer: 'code=503' } })
    const rule = mock.rules.add({ method: 'GET', path: '/v1/pets/{petId}', status: 500, times: 1 })
    const ruled = [
      (await fetch('/v1/pets/1', { headers: auth })).status,
      (await fetch('/v1/pets/1', { headers: auth })).status,
    ]
    let reset = 'answered'
    try {
      await fetch('/v1/pets?limit=1', { headers: { ...auth, prefer: 'fault=reset' } })
    } catch (error) {
      reset = (error as Error).name
    }
    const session = mock.session('tab-2')
    const created = await fetch('/v1/pets', {
      method: 'POST',
      headers: { ...auth, ...session.headers, 'content-type': 'application/json' },
      body: '{"name":"Only-in-session","categoryId":1}',
    })
    const inSession = (await (await fetch('/v1/pets?limit=100', { headers: { ...auth, ...session.headers } })).json())
      .length
    const inDefault = (await (await fetch('/v1/pets?limit=100', { headers: auth })).json()).length
    const journal = mock.journal.list({ path: '/v1/pets/{petId}' }).map((entry) => entry.status)
    const sessionJournal = session.journal.list().map((entry) => `${entry.method} ${entry.status} ${entry.session}`)
    await session.state.replace({ pets: [{ id: 9, name: 'Solo', categoryId: 2 }] })
    const sessionState = await (await fetch('/v1/pets/9', { headers: { ...auth, ...session.headers } })).json()
    const started = performance.now()
    const delayed = await fetch('/v1/pets?limit=2', { headers: { ...auth, prefer: 'delay=150, fault=malformed' } })
    const delayedText = await delayed.text()
    let malformed = 'parsed'
    try {
      JSON.parse(delayedText)
    } catch {
      malformed = 'cut off'
    }
    const waited = performance.now() - started >= 140
    await mock.reset()
    return {
      preferred: [preferred.status, preferred.headers.get('preference-applied')],
      unauthenticated: unauthenticated.status,
      rule: rule.id,
      ruled,
      reset,
      created: created.status,
      inSession,
      inDefault,
      journal,
      sessionJournal,
      afterReset: mock.journal.list().length,
      sessionState,
      delayed: [delayed.status, malformed, waited],
    }
  }, developmentApiKey)
  expect(seen).toEqual({
    preferred: [503, 'code=503'],
    unauthenticated: 401,
    rule: 'r1',
    ruled: [500, 200],
    reset: 'TypeError',
    created: 201,
    inSession: 51,
    inDefault: 50,
    journal: [500, 200],
    sessionJournal: ['POST 201 tab-2', 'GET 200 tab-2'],
    afterReset: 0,
    sessionState: { id: 9, name: 'Solo', categoryId: 2 },
    delayed: [200, 'cut off', true],
  })
})
