import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import type { PetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { type AdminRequestSeen, type AdminTestSite, startAdminTestSite } from './start-admin-test-site.ts'

// Another web site, as the browser sees it: "attacker.test" is another origin, and Chromium resolves it to
// 127.0.0.1, so that every request stays on loopback. Its page comes from a loopback server of its own.
const attackerHost = 'attacker.test'
const key = developmentApiKey

let site: AdminTestSite | undefined
let mock: PetStoreServer
let browser: Browser
let page: Page
let mockOrigin: string
let attackerOrigin: string
/** Every admin request the mock received, with the Origin it carried and what it answered. */
let adminSeen: Array<AdminRequestSeen> = []
let setupFailure: unknown

const attackerPage = `<!doctype html><html><body>
<iframe name="sink"></iframe>
</body></html>`

beforeAll(async () => {
  try {
    site = await startAdminTestSite(attackerHost, attackerPage)
    ;({ mock, browser, mockOrigin, adminSeen, otherOrigin: attackerOrigin } = site)
    page = await browser.newPage()
    page.setDefaultTimeout(scaledMs(10_000))
    await page.goto(`${attackerOrigin}/`)
  } catch (error) {
    setupFailure = error
  }
})
// A failure to start fails every test rather than leaving them skipped.
beforeEach(async () => {
  if (setupFailure) throw setupFailure
  await mock.reset()
  adminSeen.length = 0
})
afterAll(() => site?.close())

/** The admin requests that came from the other site's page, as `METHOD path status`. */
function fromAttacker(): Array<string> {
  return adminSeen
    .filter((seen) => seen.origin === attackerOrigin)
    .map((seen) => `${seen.method} ${seen.url} ${seen.status}`)
}

/** What the admin API holds, read from this machine as a test runner reads it. */
async function adminState(): Promise<string> {
  const admin = `${mockOrigin}/__mock`
  const [rules, state, requests] = await Promise.all(
    ['/rules', '/state', '/requests'].map(async (path) => (await fetch(`${admin}${path}`)).text()),
  )
  return JSON.stringify({ rules, state, requests })
}

it('keeps a page of another origin from reading anything under /__mock with fetch', async () => {
  // Something worth stealing: a request whose query carries a secret, in the journal.
  await fetch(`${mock.baseUrl}/pets?limit=1&token=s3cret-in-query`, { headers: { authorization: `Bearer ${key}` } })
  const outcomes = await page.evaluate(async (origin) => {
    const results: Array<string> = []
    for (const path of ['/__mock/requests', '/__mock/state', '/__mock/rules']) {
      try {
        const answer = await fetch(`${origin}${path}`)
        results.push(`${path}: read ${answer.status} ${(await answer.text()).slice(0, 60)}`)
      } catch (error) {
        results.push(`${path}: ${(error as Error).name}`)
      }
    }
    return results
  }, mockOrigin)
  expect(outcomes).toEqual(['/__mock/requests: TypeError', '/__mock/state: TypeError', '/__mock/rules: TypeError'])
  // The requests reached the mock, which refused them: the mock, not the browser, kept the journal private.
  expect(fromAttacker()).toEqual(['GET /__mock/requests 403', 'GET /__mock/state 403', 'GET /__mock/rules 403'])
})

it('keeps a page of another origin from changing anything under /__mock with fetch, CORS or no-cors', async () => {
  const before = await adminState()
  const outcomes = await page.evaluate(async (origin) => {
    const rule = JSON.stringify({ method: 'GET', path: '/v1/pets', fault: 'timeout' })
    const attempts: Array<[string, RequestInit]> = [
      ['/__mock/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"pets":[]}' }],
      ['/__mock/rules', { method: 'POST', headers: { 'content-type': 'application/json' }, body: rule }],
      ['/__mock/reset', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: 'x' }],
      ['/__mock/reset', { method: 'POST', mode: 'no-cors' }],
      ['/__mock/rules', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: rule }],
      ['/__mock/requests', { method: 'DELETE', mode: 'no-cors' }],
    ]
    const results: Array<string> = []
    for (const [path, init] of attempts) {
      try {
        const answer = await fetch(`${origin}${path}`, init)
        results.push(`${init.method} ${path}: ${answer.type} ${answer.status}`)
      } catch (error) {
        results.push(`${init.method} ${path}: ${(error as Error).name}`)
      }
    }
    return results
  }, mockOrigin)
  expect(outcomes).toEqual([
    'PUT /__mock/state: TypeError',
    'POST /__mock/rules: TypeError',
    'POST /__mock/reset: opaque 0',
    'POST /__mock/reset: opaque 0',
    'POST /__mock/rules: opaque 0',
    'DELETE /__mock/requests: TypeError',
  ])
  expect(await adminState()).toBe(before)
  // Preflights refused (so the PUT and the JSON POST were never sent), simple requests refused; a DELETE
  // cannot be sent without CORS at all.
  expect(fromAttacker()).toEqual([
    'OPTIONS /__mock/state 403',
    'OPTIONS /__mock/rules 403',
    'POST /__mock/reset 403',
    'POST /__mock/reset 403',
    'POST /__mock/rules 403',
  ])
})

it('keeps a page of another origin from changing anything under /__mock with a form post', async () => {
  await fetch(`${mock.baseUrl}/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } })
  const before = await adminState()
  for (const [path, enctype] of [
    ['/__mock/rules', 'text/plain'],
    ['/__mock/reset', 'application/x-www-form-urlencoded'],
    ['/__mock/state', 'multipart/form-data'],
  ] as const) {
    const posted = page.waitForEvent('requestfinished', (request) => request.url().endsWith(path))
    await page.evaluate(
      ({ action, enctype }) => {
        const form = document.createElement('form')
        Object.assign(form, { method: 'POST', action, enctype, target: 'sink' })
        // The classic text/plain trick: name and value join into a JSON rule with "=" inside a string.
        const field = Object.assign(document.createElement('input'), {
          name: '{"method":"GET","path":"/v1/pets","status":503,"x":"',
          value: '"}',
        })
        form.append(field)
        document.body.append(form)
        form.submit()
      },
      { action: `${mockOrigin}${path}`, enctype },
    )
    await posted
  }
  expect(await adminState()).toBe(before)
  expect(fromAttacker()).toEqual(['POST /__mock/rules 403', 'POST /__mock/reset 403', 'POST /__mock/state 403'])
})

it('refuses a page whose own name resolves to the mock (DNS rebinding): same origin, still 403', async () => {
  const rebound = `http://${attackerHost}:${new URL(mockOrigin).port}`
  const rebindingPage = await browser.newPage()
  try {
    await rebindingPage.goto(`${rebound}/v1/pets`)
    const seen = await rebindingPage.evaluate(async () => {
      const answer = await fetch('/__mock/requests')
      return { status: answer.status, body: await answer.json() }
    })
    expect(seen.status).toBe(403)
    expect(seen.body).toMatchObject({ code: 'forbidden', status: 403 })
    expect(seen.body.message).toContain(`"${attackerHost}:${new URL(mockOrigin).port}"`)
  } finally {
    await rebindingPage.close()
  }
})

it('still answers the API itself to a page of another origin, with CORS', async () => {
  const seen = await page.evaluate(
    async ({ baseUrl, key }) => {
      const listed = await fetch(`${baseUrl}/pets?limit=2`, { headers: { authorization: `Bearer ${key}` } })
      const created = await fetch(`${baseUrl}/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{"name":"From-another-origin","categoryId":1}',
      })
      return {
        listed: [listed.status, ((await listed.json()) as Array<unknown>).length],
        created: [created.status, ((await created.json()) as { name: string }).name],
      }
    },
    { baseUrl: mock.baseUrl, key },
  )
  expect(seen).toEqual({ listed: [200, 2], created: [201, 'From-another-origin'] })
})

it('lets a page on loopback use the admin API, reading its answers', async () => {
  const localPage = await browser.newPage()
  try {
    await localPage.goto(`${mockOrigin.replace('127.0.0.1', 'localhost')}/v1/pets`)
    const seen = await localPage.evaluate(async (origin) => {
      const added = await fetch(`${origin}/__mock/rules`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'GET', path: '/v1/pets', status: 503 }),
      })
      const listed = await fetch(`${origin}/__mock/rules`)
      return [added.status, ((await listed.json()) as { rules: Array<unknown> }).rules.length]
    }, mockOrigin)
    expect(seen).toEqual([201, 1])
  } finally {
    await localPage.close()
  }
})
