import { createServer, type RequestListener, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { originForm } from '../support/origin-form.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import { type HttpExchange, readBody, writeAnswer } from './http-variant.ts'

/** A server of its own in front of the good mock, with one defect: what `startFrontVariant` serves. */
export interface FrontVariant {
  name: string
  description: string
  caughtBy: string
  /** Caught as a deviation: a row's SHOULD, or a clean refusal of a form the standards allow. */
  deviation?: boolean
  /** Caught as a configuration fault (exit 2): a certificate a client must refuse. */
  configurationFault?: true
  /** How it answers a request (the good mock's answer at hand); default: as the good mock does. */
  handle?(exchange: HttpExchange): Promise<void>
  /** The host name its base addresses give: `localhost` (a name with letters), or 127.0.0.1 by default. */
  hostName?: 'localhost'
  /** node's limit on a request's header section, in bytes (node's default is 16 KiB). */
  maxHeaderSize?: number
  /** Where it serves the pets instead of /v1 (`/api`): the good mock's /v1 behind it. */
  basePath?: string
  /** Serves https with this certificate and key (PEM) instead of http. */
  tls?: { cert: string; key: string }
  /**
   * Its certificate is signed by the test authority (test/fixtures/tls/ca.pem): its proof runs in a process that
   * trusts it through NODE_EXTRA_CA_CERTS, as a user of a private authority is told to.
   */
  testAuthority?: true
  /** What else its node:http server does (its answers to CONNECT and to an upgrade). */
  onServer?(server: Server): void
}

// Hop-by-hop, framing and expectation fields are the connection's, not the request's: the good mock gets the message.
const connectionFields = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect'])

/**
 * Starts a front variant on 127.0.0.1 at a free port, a fresh good mock behind it: node:http with the variant's own
 * options and events, for a defect in how a server reads what node hands it, answers CONNECT or an upgrade.
 * @example const { baseUrl, close } = await startFrontVariant(variant)
 */
export async function startFrontVariant(variant: FrontVariant): Promise<RunningServer> {
  const mock = await startPetStoreServer()
  const goodOrigin = new URL(mock.baseUrl).origin
  const listener: RequestListener = (request, response) => {
    // Read when the answer is asked for: a handler may change the request's method, target or fields first.
    const headersOf = () =>
      Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) =>
          connectionFields.has(name) || value === undefined ? [] : [[name, String(value)]],
        ),
      )
    const pathOf = () => {
      const path = originForm(request.url)
      const { basePath } = variant
      return basePath && path.startsWith(`${basePath}/`) ? `/v1${path.slice(basePath.length)}` : path
    }
    const answer = (body: Uint8Array | undefined) =>
      fetch(`${goodOrigin}${pathOf()}`, {
        method: request.method,
        headers: headersOf(),
        body: body && body.byteLength > 0 ? (body as Uint8Array<ArrayBuffer>) : undefined,
        redirect: 'manual',
      })
    const handle =
      variant.handle ??
      (async (given: HttpExchange) => writeAnswer(given.response, await given.answer(await readBody(given.request))))
    handle({ request, response, answer }).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  }
  const { maxHeaderSize, tls } = variant
  const server: Server = tls
    ? createTlsServer({ ...tls, maxHeaderSize }, listener)
    : createServer({ maxHeaderSize }, listener)
  variant.onServer?.(server)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  const origin = `${tls ? 'https' : 'http'}://${variant.hostName ?? '127.0.0.1'}:${port}`
  const close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    await mock.close()
  }
  return { baseUrl: `${origin}${variant.basePath ?? '/v1'}`, messagesBaseUrl: origin, close }
}
