import { test as base, expect, type Page } from '@playwright/test'
import { HttpResponse, http } from 'msw'
import { type PetStoreNetwork, petStoreFixture } from 'petstore-contract/playwright'

// The package's Playwright fixture: every test gets the mock in its pages, fresh, and may override handlers.
const test = base.extend<{ petStore: PetStoreNetwork }>({ petStore: petStoreFixture({ seed: 5 }) })
const app = 'http://app.test/'
const auth = { authorization: 'Bearer petstore-dev-key' }

async function call(page: Page, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([path, init]) => {
      const response = await fetch(path, init)
      return { status: response.status, body: await response.json() }
    },
    [path, init] as const,
  )
}

test.beforeEach(async ({ page, petStore }) => {
  petStore.use(http.get(app, () => HttpResponse.html('<!doctype html><title>app</title>')))
  await page.goto(app)
})

test('a test creates a pet and lists it', async ({ page }) => {
  const created = await call(page, '/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Only in this test', categoryId: 1, status: 'available' }),
  })
  expect(created.status).toBe(201)
  const list = await call(page, '/v1/pets?limit=100', { headers: auth })
  expect(list.body).toHaveLength(51)
})

test('the next test starts from the seeded state', async ({ page }) => {
  const list = await call(page, '/v1/pets?limit=100', { headers: auth })
  expect(list.body).toHaveLength(50)
  expect(JSON.stringify(list.body)).not.toContain('Only in this test')
})

test('a test overrides a handler for itself', async ({ page, petStore }) => {
  petStore.use(http.get('*/v1/pets', () => HttpResponse.json([])))
  expect(await call(page, '/v1/pets', { headers: auth })).toEqual({ status: 200, body: [] })
})

test('the override ends with the test that made it', async ({ page }) => {
  const list = await call(page, '/v1/pets', { headers: auth })
  expect(list.status).toBe(200)
  expect(list.body).toHaveLength(20)
})

test('requests no handler takes still reach the network', async ({ page }) => {
  expect(await call(page, '/v1/pets')).toMatchObject({ status: 401 })
  const unhandled = await page.evaluate(() =>
    fetch('http://127.0.0.1:9/').then(
      () => 'answered',
      () => 'network error',
    ),
  )
  expect(unhandled).toBe('network error')
})
