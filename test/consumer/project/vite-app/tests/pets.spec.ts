import { test as base, expect } from '@playwright/test'
import { HttpResponse, http } from 'msw'
import { type PetStoreNetwork, petStoreFixture } from 'petstore-contract/playwright'

// Every test gets a fresh mock (seed 5) that answers the app, even though the app starts its own worker (seed 1).
const test = base.extend<{ petStore: PetStoreNetwork }>({ petStore: petStoreFixture({ seed: 5 }) })

test('shows the error the API answers', { tag: '@override' }, async ({ page, petStore }) => {
  petStore.use(
    http.get('*/v1/pets', () =>
      HttpResponse.json({ code: 'internal_error', message: 'Try again later.', status: 500 }, { status: 500 }),
    ),
  )
  await page.goto('/')
  await expect(page.getByRole('alert')).toHaveText('Failed to load the pets: 500 Try again later.')
})

test('says so when there are no pets', { tag: '@override' }, async ({ page, petStore }) => {
  petStore.use(http.get('*/v1/pets', () => HttpResponse.json([])))
  await page.goto('/')
  await expect(page.getByText('No pets yet.')).toBeVisible()
})

test('shows the pet the test arranged', { tag: '@override' }, async ({ page, petStore }) => {
  await petStore.mock.state.replace({ pets: [{ id: 7, name: 'Arranged Rex', categoryId: 3, status: 'sold' }] })
  await page.goto('/')
  await expect(page.getByRole('listitem')).toHaveText(['Arranged Rex'])
})

test('adds a pet to the mock of this test', async ({ page, petStore }) => {
  await page.goto('/')
  await page.getByLabel('Name').fill('Pixel')
  await page.getByRole('button', { name: 'Add' }).click()
  await expect(page.getByRole('listitem').last()).toHaveText('Pixel')
  expect(petStore.mock.state.get().pets.at(-1)).toMatchObject({ id: 51, name: 'Pixel' })
})

test("lists the test's pets through the app's own service worker", async ({ page, petStore }) => {
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/pets')
  await page.goto('/')
  expect((await listed).fromServiceWorker()).toBe(true)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/mockServiceWorker\.js$/)
  const names = petStore.mock.state.get().pets.map((pet) => pet.name)
  await expect(page.getByRole('listitem')).toHaveText(names)
})

// The project "overrides dropped" (playwright.config.ts) runs the tests with an override without it: each must fail.
test.beforeEach(({ petStore }, testInfo) => {
  if (testInfo.project.name !== 'overrides dropped') return
  petStore.use = () => {}
  petStore.mock.state.replace = async () => {}
})
