import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import { expect, test } from '@playwright/test'

// A static server that knows only the files in public/: an answer from /v1 can only come from the worker.
let server: Server
const requested: Array<string> = []
let origin: string
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' }

test.beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://app').pathname
    requested.push(path)
    const file = join('public', path === '/' ? 'index.html' : path.slice(1))
    try {
      const body = await readFile(file)
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('the bundled app gets list, create and 401 from the service worker, which lets nothing else through', async ({
  page,
}) => {
  await page.goto(origin)
  await expect(page.locator('#result')).not.toHaveText('loading')
  const result = JSON.parse((await page.locator('#result').textContent()) ?? '{}')
  expect(result).toMatchObject({
    list: { status: 200, count: 5 },
    created: { status: 201, body: { name: 'Rex', categoryId: 1, status: 'available' } },
    anonymous: { status: 401 },
  })
  // msw's 'error' strategy stopped the request the mock does not own: a network error, or msw's own 500 (msw 2).
  expect(['failed', 'answered 500']).toContain(result.unmocked)
  expect(requested).not.toContain('/health')
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${origin}/mockServiceWorker.js`,
  )
})
