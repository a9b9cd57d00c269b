import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type DemoServer, serveDemo } from '../browser-demo/serve-demo.ts'
import { launchChromium } from '../support/launch-chromium.ts'

// Two origins (two ports), each serving one page: the mock with `persist: true`, and the mock as it is by default.
const html =
  '<!doctype html><html><head><meta charset="utf-8"><title>mock</title></head><body>' +
  '<script type="module" src="/demo.js"></script></body></html>'
const workerScript = fileURLToPath(new URL('../../mocks/browser/public/mockServiceWorker.js', import.meta.url))
const entry = (name: string) => fileURLToPath(new URL(`./page/${name}.ts`, import.meta.url))
const key = 'petstore-contract:pets'

let persisted: DemoServer
let plain: DemoServer
let browser: Browser
let setupFailure: unknown

beforeAll(async () => {
  try {
    ;[persisted, plain, browser] = await Promise.all([
      serveDemo({ page: { html, entry: entry('persisted'), workerScript } }),
      serveDemo({ page: { html, entry: entry('plain'), workerScript } }),
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
  await Promise.all([persisted?.close(), plain?.close()])
})

/** A fresh browser profile (nothing stored) with the page open and its mock's worker in control. */
async function open(url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  page.setDefaultTimeout(scaledMs(15_000))
  await page.goto(url)
  await ready(page)
  return page
}

async function ready(page: Page): Promise<void> {
  await page.locator('body[data-mock="ready"]').waitFor({ state: 'attached' })
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/mockServiceWorker\.js$/)
}

async function reload(page: Page): Promise<void> {
  await page.reload()
  await ready(page)
}

/** A request from the page, answered by its worker: the status and the body as text (int64 values as sent). */
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

const count = async (page: Page) => JSON.parse((await call(page, '/v1/pets?limit=100')).text).length

it('keeps a pet created with persist on across a reload, int64 to the digit, until the reset clears it', async () => {
  const page = await open(persisted.url)
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBeNull()
  const created = await call(page, '/v1/pets', {
    method: 'POST',
    body: '{"name":"Survivor","categoryId":9223372036854775807,"status":"pending"}',
  })
  expect(created).toEqual({
    status: 201,
    text: '{"id":51,"name":"Survivor","categoryId":9223372036854775807,"status":"pending"}',
  })

  await reload(page)
  expect(await call(page, '/v1/pets/51')).toEqual({ status: 200, text: created.text })
  expect(await count(page)).toBe(51)
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toContain('"categoryId":9223372036854775807')
  // The next id follows the kept ones.
  expect(
    JSON.parse((await call(page, '/v1/pets', { method: 'POST', body: '{"name":"Next","categoryId":1}' })).text),
  ).toMatchObject({ id: 52 })

  await page.evaluate(() => (window as unknown as { petStoreMock: { reset(): Promise<void> } }).petStoreMock.reset())
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBeNull()
  expect((await call(page, '/v1/pets/51')).status).toBe(404)
  await reload(page)
  expect((await call(page, '/v1/pets/51')).status).toBe(404)
  expect(await count(page)).toBe(50)
  await page.context().close()
})

it('keeps nothing by default: a reload starts from the seed, and the storage stays empty', async () => {
  const page = await open(plain.url)
  expect((await call(page, '/v1/pets', { method: 'POST', body: '{"name":"Gone","categoryId":1}' })).status).toBe(201)
  expect(await count(page)).toBe(51)
  await reload(page)
  expect((await call(page, '/v1/pets/51')).status).toBe(404)
  expect(await count(page)).toBe(50)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  await page.context().close()
})
