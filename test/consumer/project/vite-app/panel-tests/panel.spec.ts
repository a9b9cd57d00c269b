import { expect, test } from '@playwright/test'

// The app in development with the mock's dev panel (start-mock.ts: `panel: true`), driven as its developer would.
test('lists the requests, forces a 500 the app shows, and resets', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('listitem')).toHaveCount(50)

  await page.getByRole('button', { name: 'Pet Store mock' }).click()
  const panel = page.getByRole('region', { name: 'Pet Store mock' })
  const requests = panel.getByRole('table', { name: 'mock requests' })
  await expect(requests.getByRole('row', { name: /GET \/v1\/pets\?limit=100 200/ }).first()).toBeVisible()

  await panel.getByLabel('Operation').selectOption({ label: 'listPets: GET /v1/pets' })
  await panel.getByLabel('Status').fill('500')
  await panel.getByRole('button', { name: 'Add rule' }).click()
  await expect(panel.getByRole('status')).toHaveText('Added rule r1: GET /v1/pets.')

  await page.getByLabel('Name').fill('Pixel')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(/^Failed to load the pets: 500 /)
  await expect(requests.getByRole('row', { name: /POST \/v1\/pets 201/ })).toBeVisible()
  await expect(requests.getByRole('row', { name: /GET \/v1\/pets\?limit=100 500/ })).toBeVisible()

  await panel.getByRole('button', { name: 'Reset' }).click()
  await expect(panel.getByRole('status')).toHaveText(/^Reset: the seeded pets, no rule, no session, no request/)
  await expect(panel.getByRole('table', { name: 'mock rules' }).getByRole('row')).toHaveCount(1)
  await expect(panel.getByText('Live: 0 requests.')).toBeVisible()
  // Back to the seed: Pixel is gone, the next pet takes its id, and the list loads again.
  await page.getByLabel('Name').fill('Nova')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('listitem')).toHaveCount(51)
  await expect(page.getByRole('listitem').last()).toHaveText('Nova')
  await expect(page.getByText('Pixel')).toHaveCount(0)
})
