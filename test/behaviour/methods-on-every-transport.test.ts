import { request as httpRequest } from 'node:http'
import { fileURLToPath } from 'node:url'
import { setupServer } from 'msw/node'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { specBasePaths } from '../../mocks/core/base-paths.ts'
import { pathTable } from '../../mocks/core/route-table.ts'
import { createPetStoreHandlers } from '../../mocks/msw/create-pet-store-handlers.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { serveDemo } from '../browser-demo/serve-demo.ts'
import { launchChromium } from '../support/launch-chromium.ts'

// One behaviour for a method on every transport (decision record 038): every method sent to every path through msw
// in Node (setupServer over the global fetch), the standalone server (node:http, any token on the wire) and the
// browser worker (a page's fetch in Chromium). A method a transport cannot carry is listed below, not skipped.

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'FROBNICATE'] as const
type Method = (typeof methods)[number]

/** Every path of the route table with its parameters filled, then an unknown one under the pets base. */
const paths = [
  ...pathTable.map((entry) => `${specBasePaths[entry.base]}${entry.pattern.replace(/:\w+/g, '1')}`),
  `${specBasePaths.pets}/nowhere`,
]

/** What one transport answered a method on a path: its status and `Allow`, or why it could not send it. */
type Outcome = { status: number; allow: string | null } | { notCarried: string }
type Answers = Record<string, Outcome>

/**
 * The methods a transport cannot carry, and why: the Fetch standard forbids TRACE (with CONNECT and TRACK) to a
 * page, and Chromium's fetch refuses it before any service worker sees it. Said here so that the comparison
 * below leaves out exactly these, and fails if a transport starts or stops carrying one.
 */
const notCarried: Record<string, Partial<Record<Method, RegExp>>> = {
  'msw in Node': {},
  standalone: {},
  'browser worker': { TRACE: /TRACE.*(unsupported|not allowed|forbidden)|unsupported.*TRACE/i },
}

const key = (method: string, path: string) => `${method} ${path}`
const answers: Record<string, Answers> = {}
let browser: Browser | undefined

beforeAll(async () => {
  answers['msw in Node'] = await throughMsw()
  answers.standalone = await throughStandalone()
  answers['browser worker'] = await throughBrowser()
}, scaledMs(120_000))
afterAll(async () => {
  await browser?.close()
})

/** The package's handlers under msw's own setupServer, as a user's Node tests run them: the global fetch. */
async function throughMsw(): Promise<Answers> {
  const { handlers } = await createPetStoreHandlers({ seed: 1, pets: 5 })
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    return await collect(async (method, path) => {
      const response = await fetch(`http://app.test${path}`, { method, headers: auth })
      await response.arrayBuffer()
      return { status: response.status, allow: response.headers.get('allow') }
    })
  } finally {
    // Closed before the other transports send anything: it patches the process's fetch and http.
    server.close()
  }
}

/** `npm start`'s server, every method written on the wire by node:http's client. */
async function throughStandalone(): Promise<Answers> {
  const server = await startPetStoreServer({ seed: 1, pets: 5, port: 0 })
  const { origin } = new URL(server.baseUrl)
  try {
    return await collect(
      (method, path) =>
        new Promise((resolve, reject) => {
          const sent = httpRequest(`${origin}${path}`, { method, headers: auth, agent: false }, (response) => {
            response.resume()
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, allow: (response.headers.allow as string) ?? null }),
            )
          })
          sent.on('error', reject)
          sent.end()
        }),
    )
  } finally {
    await server.close()
  }
}

/** A page whose mock runs in msw's service worker (`setupPetStoreWorker`), each request the page's own fetch. */
async function throughBrowser(): Promise<Answers> {
  const [site, launched] = await Promise.all([
    serveDemo({
      page: {
        html:
          '<!doctype html><html><head><meta charset="utf-8"></head>' +
          '<body><script type="module" src="/demo.js"></script></body></html>',
        entry: fileURLToPath(new URL('../browser-panel/page/app.ts', import.meta.url)),
        workerScript: fileURLToPath(new URL('../../mocks/browser/public/mockServiceWorker.js', import.meta.url)),
      },
    }),
    launchChromium(),
  ])
  browser = launched
  try {
    const page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(scaledMs(10_000))
    await page.goto(site.url)
    await page.locator('body[data-mock="ready"]').waitFor({ state: 'attached' })
    const sent = await page.evaluate(
      async ({ methods, paths, headers }) => {
        const found: Record<string, { status: number; allow: string | null } | { notCarried: string }> = {}
        for (const path of paths)
          for (const method of methods) {
            try {
              const response = await fetch(path, { method, headers })
              await response.arrayBuffer()
              found[`${method} ${path}`] = { status: response.status, allow: response.headers.get('allow') }
            } catch (error) {
              found[`${method} ${path}`] = { notCarried: String(error) }
            }
          }
        return found
      },
      { methods: [...methods], paths, headers: auth },
    )
    return sent
  } finally {
    await site.close()
  }
}

const auth = { authorization: `Bearer ${developmentApiKey}` }

async function collect(send: (method: Method, path: string) => Promise<Outcome>): Promise<Answers> {
  const found: Answers = {}
  for (const path of paths)
    for (const method of methods) {
      try {
        found[key(method, path)] = await send(method, path)
      } catch (error) {
        found[key(method, path)] = { notCarried: String(error) }
      }
    }
  return found
}

const carried = (outcome: Outcome | undefined): outcome is { status: number; allow: string | null } =>
  outcome !== undefined && 'status' in outcome

it('sends every method to every path on each transport, but for the methods it cannot carry, each said why', () => {
  for (const [transport, found] of Object.entries(answers)) {
    const expected = notCarried[transport] ?? {}
    const refused = Object.entries(found).filter(([, outcome]) => !carried(outcome))
    expect(
      refused.map(([sent]) => sent),
      transport,
    ).toEqual(paths.flatMap((path) => methods.filter((method) => expected[method]).map((method) => key(method, path))))
    for (const [sent, outcome] of refused)
      expect((outcome as { notCarried: string }).notCarried, `${transport}: ${sent}`).toMatch(
        expected[sent.split(' ')[0] as Method] as RegExp,
      )
  }
})

it('answers each method on each path with the same status and Allow on every transport that carries it', () => {
  for (const path of paths)
    for (const method of methods) {
      const outcomes = Object.entries(answers)
        .map(([transport, found]) => [transport, found[key(method, path)]] as const)
        .filter((entry): entry is readonly [string, { status: number; allow: string | null }] => carried(entry[1]))
      expect(outcomes.length, key(method, path)).toBeGreaterThanOrEqual(2)
      const [first] = outcomes
      for (const [transport, outcome] of outcomes)
        expect(outcome, `${key(method, path)}: ${transport} against ${first?.[0]}`).toEqual(first?.[1])
    }
})

it('answers a method it does not recognise with 501 and no Allow, on every path, known or not', () => {
  for (const found of Object.values(answers))
    for (const path of paths) expect(found[key('FROBNICATE', path)]).toEqual({ status: 501, allow: null })
})

it("answers a method it recognises but a path lacks (TRACE among them) with 405 and the path's Allow", () => {
  for (const entry of pathTable) {
    const path = `${specBasePaths[entry.base]}${entry.pattern.replace(/:\w+/g, '1')}`
    const lacking = methods.filter((method) => method !== 'FROBNICATE' && !entry.allow.includes(method))
    expect(lacking).toContain('TRACE')
    for (const found of Object.values(answers))
      for (const method of lacking)
        if (carried(found[key(method, path)]))
          expect(found[key(method, path)], key(method, path)).toEqual({ status: 405, allow: entry.allow.join(', ') })
  }
})

it('answers OPTIONS on a known path with 204 and Allow, and any recognised method on an unknown path with 404', () => {
  const unknown = `${specBasePaths.pets}/nowhere`
  for (const found of Object.values(answers)) {
    for (const entry of pathTable) {
      const path = `${specBasePaths[entry.base]}${entry.pattern.replace(/:\w+/g, '1')}`
      expect(found[key('OPTIONS', path)]).toEqual({ status: 204, allow: entry.allow.join(', ') })
    }
    for (const method of methods.filter((method) => method !== 'FROBNICATE'))
      if (carried(found[key(method, unknown)])) expect(found[key(method, unknown)]).toMatchObject({ status: 404 })
  }
})
