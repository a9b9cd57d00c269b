import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { launchChromium } from '../support/launch-chromium.ts'

/** One request under `/__mock` as the mock answered it. */
export interface AdminRequestSeen {
  method: string
  url: string
  origin: string | undefined
  status: number
}

/** The standalone mock, another web site beside it, and a Chromium that sees both. */
export interface AdminTestSite {
  mock: PetStoreServer
  /** `http://127.0.0.1:PORT`. */
  mockOrigin: string
  /** `http://HOST:PORT` of the other site: another origin, which Chromium resolves to 127.0.0.1. */
  otherOrigin: string
  browser: Browser
  /** Every request under `/__mock` the mock answered, oldest first; empty it between tests. */
  adminSeen: Array<AdminRequestSeen>
  close(): Promise<void>
}

/**
 * Starts the standalone mock (5 pets, a free port) and another web site, `otherHost`, serving `otherPage`, and
 * launches Chromium resolving `otherHost` to 127.0.0.1, so that every request stays on loopback.
 * @example const site = await startAdminTestSite('attacker.test', '<!doctype html><title>x</title>')
 */
export async function startAdminTestSite(otherHost: string, otherPage: string): Promise<AdminTestSite> {
  const mock = await startPetStoreServer({ pets: 5 })
  const adminSeen: Array<AdminRequestSeen> = []
  mock.server.on('request', (request, response) => {
    if (!request.url?.startsWith('/__mock')) return
    response.once('finish', () =>
      adminSeen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        origin: request.headers.origin,
        status: response.statusCode,
      }),
    )
  })
  const otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(otherPage)
  })
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve))
  const closeOther = () => new Promise((resolve) => otherSite.close(resolve))
  let browser: Browser
  try {
    browser = await launchChromium([`--host-resolver-rules=MAP ${otherHost} 127.0.0.1`])
  } catch (error) {
    await Promise.all([mock.close(), closeOther()])
    throw error
  }
  return {
    mock,
    mockOrigin: new URL(mock.baseUrl).origin,
    otherOrigin: `http://${otherHost}:${(otherSite.address() as AddressInfo).port}`,
    browser,
    adminSeen,
    async close() {
      await browser.close()
      await Promise.all([mock.close(), closeOther()])
    },
  }
}
