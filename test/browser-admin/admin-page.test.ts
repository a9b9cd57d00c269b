import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { adminPageCsp } from '../../mocks/core/controls/admin-page.ts'
import type { PetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type AdminRequestSeen, type AdminTestSite, startAdminTestSite } from './start-admin-test-site.ts'

// The admin page of the standalone mock, in Chromium, beside another site's page that uses the API as an app does.
const otherHost = 'other.test'
/** The screenshots docs/admin-page.md shows: written when missing, or again with PETSTORE_UPDATE_SCREENSHOTS=1. */
const screenshots = fileURLToPath(new URL('../../docs/images/', import.meta.url))
const updateScreenshots = process.env.PETSTORE_UPDATE_SCREENSHOTS === '1'

let site: AdminTestSite | undefined
let mock: PetStoreServer
let browser: Browser
let admin: Page
let other: Page
let mockOrigin: string
let otherOrigin: string
/**
 * What went wrong in the admin page's browser: console errors (a CSP violation is one) and page errors; not the
 * console's note of an API answer that is an error, which the page shows and some tests ask for.
 */
const complaints: Array<string> = []
/** Every request under /__mock the mock answered. */
let adminSeen: Array<AdminRequestSeen> = []
let setupFailure: unknown

beforeAll(async () => {
  try {
    site = await startAdminTestSite(otherHost, '<!doctype html><title>app</title>')
    ;({ mock, browser, mockOrigin, otherOrigin, adminSeen } = site)
    other = await browser.newPage()
    other.setDefaultTimeout(scaledMs(10_000))
    await other.goto(`${otherOrigin}/`)
    admin = await browser.newPage({ viewport: { width: 1200, height: 700 } })
    admin.setDefaultTimeout(scaledMs(10_000))
    admin.on('console', (message) => {
      const text = message.text()
      if (message.type() === 'error' && !/^Failed to load resource: .* status of 4\d\d/.test(text))
        complaints.push(text)
    })
    admin.on('pageerror', (error) => complaints.push(error.message))
    await admin.goto(`${mockOrigin}/__mock/`)
  } catch (error) {
    setupFailure = error
  }
})
// A failure to start fails every test rather than leaving them skipped.
beforeEach(async () => {
  if (setupFailure) throw setupFailure
  await fetch(`${mockOrigin}/__mock/reset`, { method: 'POST' })
  adminSeen.length = 0
})
afterAll(() => site?.close())

/** A request of the other site's page to the API (CORS): its status and JSON body. */
function fromOtherPage(path: string, init: { method?: string; body?: string; session?: string } = {}) {
  return other.evaluate(
    async ({ url, init, key }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${key}` }
      if (init.body) headers['content-type'] = 'application/json'
      if (init.session) headers['x-mock-session'] = init.session
      const started = performance.now()
      const response = await fetch(url, { method: init.method, body: init.body, headers })
      return { status: response.status, body: await response.json(), ms: performance.now() - started }
    },
    { url: `${mock.baseUrl}${path}`, init, key: developmentApiKey },
  )
}

/** The journal's rows that hold this text: `GET /v1/pets?limit=2` (a row's cells run together, no space between). */
const journalRow = (text: string) =>
  admin
    .getByRole('table', { name: 'requests' })
    .getByRole('row')
    .filter({ hasText: text.replace(' ', '') })
const ruleRows = () => admin.getByRole('table', { name: 'rules' }).locator('tbody tr')

it('serves one page under a CSP that allows only itself, and runs there with nothing from elsewhere', async () => {
  const requested: Array<string> = []
  const page = await browser.newPage()
  page.on('request', (request) => requested.push(request.url()))
  const response = await page.goto(`${mockOrigin}/__mock/`)
  expect(response?.headers()['content-security-policy']).toBe(adminPageCsp)
  expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8')
  await page.locator('body[data-live="true"]').waitFor()
  await page.close()
  expect(requested.filter((url) => !url.startsWith(`${mockOrigin}/__mock`))).toEqual([])
  expect(complaints).toEqual([])
})

it('shows a request another page made, live: the journal updates without a reload', async () => {
  await expect(fromOtherPage('/pets?limit=2&from=other-page')).resolves.toMatchObject({ status: 200 })
  await journalRow('GET /v1/pets?limit=2&from=other-page').waitFor()
  await expect
    .poll(() => journalRow('GET /v1/pets?limit=2&from=other-page').getByRole('cell').nth(4).textContent())
    .toBe('200')
})

it('adds a forced answer and a delay on the page that the next requests get, and clears them', async () => {
  await admin.getByLabel('Operation').selectOption('GET /v1/pets')
  await admin.getByLabel('Status').fill('503')
  await admin.getByLabel('Times').fill('1')
  await admin.getByRole('button', { name: 'Add rule' }).click()
  await expect.poll(() => ruleRows().count()).toBe(1)
  await expect.poll(() => admin.getByRole('status').textContent()).toBe('Added rule r1: GET /v1/pets.')
  expect(await fromOtherPage('/pets?limit=1')).toMatchObject({ status: 503, body: { code: 'service_unavailable' } })
  expect(await fromOtherPage('/pets?limit=1')).toMatchObject({ status: 200 })
  // Used up: the page shows the rule gone at its next poll.
  await expect.poll(() => ruleRows().count()).toBe(0)

  await admin.getByLabel('Operation').selectOption('POST /v1/pets')
  await admin.getByLabel('Status').fill('')
  await admin.getByLabel('Times').fill('')
  await admin.getByLabel('Delay (ms)').fill('400')
  await admin.getByRole('button', { name: 'Add rule' }).click()
  await expect.poll(() => ruleRows().count()).toBe(1)
  const delayed = await fromOtherPage('/pets', { method: 'POST', body: '{"name":"Slow","categoryId":1}' })
  expect(delayed).toMatchObject({ status: 201, body: { name: 'Slow' } })
  expect(delayed.ms).toBeGreaterThanOrEqual(390)

  await admin.getByRole('button', { name: 'Clear rules' }).click()
  await expect.poll(() => ruleRows().count()).toBe(0)
  expect(await (await fetch(`${mockOrigin}/__mock/rules`)).json()).toEqual({ rules: [] })
})

it('adds a rule with the probability typed on the page: at 0 it never applies', async () => {
  await admin.getByLabel('Operation').selectOption('GET /v1/pets')
  await admin.getByLabel('Status').fill('503')
  await admin.getByLabel('Times').fill('')
  await admin.getByLabel('Delay (ms)').fill('')
  await admin.getByLabel('Probability').fill('0')
  await admin.getByRole('button', { name: 'Add rule' }).click()
  await expect.poll(() => ruleRows().count()).toBe(1)
  const { rules } = await (await fetch(`${mockOrigin}/__mock/rules`)).json()
  expect(rules).toMatchObject([{ status: 503, probability: 0 }])
  for (let i = 0; i < 3; i++) expect(await fromOtherPage('/pets?limit=1')).toMatchObject({ status: 200 })
  await admin.getByLabel('Probability').fill('')
  await admin.getByRole('button', { name: 'Clear rules' }).click()
  await expect.poll(() => ruleRows().count()).toBe(0)
})

it("says the admin API's own reason when a rule is refused", async () => {
  await admin.getByLabel('Operation').selectOption('GET /v1/pets')
  await admin.getByLabel('Status').fill('')
  await admin.getByLabel('Delay (ms)').fill('')
  await admin.getByLabel('Times').fill('')
  await admin.getByLabel('Fault').selectOption('')
  await admin.getByRole('button', { name: 'Add rule' }).click()
  await expect
    .poll(() => admin.getByRole('status').textContent())
    .toBe('400: Failed to add the rule: expected at least one of "status", "delayMs" or "fault", got none.')
})

it('resets the mock from the page: the pets seeded again, the journal emptied', async () => {
  expect(await fromOtherPage('/pets', { method: 'POST', body: '{"name":"Temporary","categoryId":1}' })).toMatchObject({
    status: 201,
    body: { id: 6 },
  })
  await journalRow('POST /v1/pets').waitFor()
  await admin.getByRole('button', { name: 'Reset' }).click()
  await expect
    .poll(() => admin.getByRole('status').textContent())
    .toBe('Reset everything: the seeded pets, no rule, no session, an empty journal.')
  await expect.poll(() => journalRow('POST /v1/pets').count()).toBe(0)
  expect(await fromOtherPage('/pets/6')).toMatchObject({ status: 404 })
})

it('lists the sessions and acts on the one chosen', async () => {
  await fromOtherPage('/pets', { method: 'POST', body: '{"name":"Mine","categoryId":1}', session: 'tab-2' })
  const session = admin.getByRole('table', { name: 'sessions' }).getByRole('row').filter({ hasText: 'tab-2' })
  await session.getByRole('button', { name: 'Choose' }).click()
  await expect.poll(() => admin.getByLabel('Acting on').inputValue()).toBe('tab-2')
  await admin.getByLabel('Operation').selectOption('GET /v1/pets/{petId}')
  await admin.getByLabel('Status').fill('500')
  await admin.getByRole('button', { name: 'Add rule' }).click()
  await expect.poll(() => session.getByRole('cell').nth(1).textContent()).toBe('1')
  expect(await fromOtherPage('/pets/6', { session: 'tab-2' })).toMatchObject({ status: 500 })
  expect(await fromOtherPage('/pets/1')).toMatchObject({ status: 200 })
  await admin.getByLabel('Acting on').selectOption('')
})

it('answers 403 to another origin: the page, its files and its calls', async () => {
  const outcomes = await other.evaluate(async (origin) => {
    const results: Array<string> = []
    for (const path of ['/__mock/', '/__mock/admin.js', '/__mock/admin.css', '/__mock/sessions', '/__mock/requests']) {
      try {
        const answer = await fetch(`${origin}${path}`)
        results.push(`${path}: read ${answer.status}`)
      } catch (error) {
        results.push(`${path}: ${(error as Error).name}`)
      }
    }
    return results
  }, mockOrigin)
  expect(outcomes.every((outcome) => outcome.endsWith('TypeError'))).toBe(true)
  // The mock refused each one: the browser's CORS check was not what kept them from the other page.
  const fromOther = adminSeen.filter((seen) => seen.origin === otherOrigin)
  expect(fromOther.map((seen) => `${seen.method} ${seen.url} ${seen.status}`)).toEqual([
    'GET /__mock/ 403',
    'GET /__mock/admin.js 403',
    'GET /__mock/admin.css 403',
    'GET /__mock/sessions 403',
    'GET /__mock/requests 403',
  ])
  // A page whose own name resolves to the mock (DNS rebinding) is refused by its Host, and never loads.
  const rebound = await browser.newPage()
  const answer = await rebound.goto(`http://${otherHost}:${new URL(mockOrigin).port}/__mock/`)
  expect(answer?.status()).toBe(403)
  expect(await rebound.locator('body').innerText()).toContain('"code":"forbidden"')
  await rebound.close()
  // Sent straight, outside any browser, with another site's Origin: 403 and no CORS header either.
  for (const path of ['/__mock/', '/__mock/admin.js']) {
    const direct = await fetch(`${mockOrigin}${path}`, { headers: { origin: otherOrigin } })
    expect([direct.status, direct.headers.get('access-control-allow-origin')]).toEqual([403, null])
  }
})

it('writes the screenshots docs/admin-page.md shows', async () => {
  await fromOtherPage('/pets?limit=3')
  await fromOtherPage('/pets', { method: 'POST', body: '{"name":"Pixel","categoryId":2,"status":"pending"}' })
  await fromOtherPage('/pets/3', { session: 'e2e-worker-1' })
  await fromOtherPage('/pets')
  await addRule({ operation: 'GET /v1/pets/{petId}', status: '503', times: '2' })
  await fromOtherPage('/pets/1')
  await addRule({ operation: 'POST /v1/pets', delay: '1500' })
  await expect.poll(() => ruleRows().count()).toBe(2)
  await journalRow('GET /v1/pets/1').waitFor()
  await screenshot('admin-page.png')

  const session = admin.getByRole('table', { name: 'sessions' }).getByRole('row').filter({ hasText: 'e2e-worker-1' })
  await session.getByRole('button', { name: 'Choose' }).click()
  await addRule({ operation: 'GET /v1/pets', fault: 'reset', times: '1' })
  await expect.poll(() => ruleRows().count()).toBe(1)
  await screenshot('admin-page-session.png')
  await admin.getByLabel('Acting on').selectOption('')
  expect(complaints).toEqual([])
})

/** Fills the rule form (empty fields left empty) and adds the rule. */
async function addRule(rule: { operation: string; status?: string; delay?: string; fault?: string; times?: string }) {
  await admin.getByLabel('Operation').selectOption(rule.operation)
  await admin.getByLabel('Status').fill(rule.status ?? '')
  await admin.getByLabel('Delay (ms)').fill(rule.delay ?? '')
  await admin.getByLabel('Fault').selectOption(rule.fault ?? '')
  await admin.getByLabel('Times').fill(rule.times ?? '')
  await admin.getByRole('button', { name: 'Add rule' }).click()
}

async function screenshot(name: string): Promise<void> {
  await mkdir(screenshots, { recursive: true })
  const path = `${screenshots}${name}`
  // No field focused: the picture shows the page as it sits.
  await admin.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  if (updateScreenshots || !existsSync(path)) await admin.screenshot({ path, fullPage: true })
  expect(existsSync(path), `${path}: docs/admin-page.md shows it`).toBe(true)
}
