import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { originForm } from '../support/origin-form.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import { readBody, writeAnswer } from './http-variant.ts'

// Hop-by-hop and framing fields are the connection's, not the request's: the good mock gets the message.
const connectionFields = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect'])

/** The good mock's answer to a request node has parsed, with the body given (read whole by default). */
export type GoodAnswer = (request: IncomingMessage, body?: Uint8Array) => Promise<Response>

/** What a front does with its node server: the listeners it adds (checkContinue, upgrade) and its request handler. */
export interface FrontSetup {
  /** Handles each request; by default the good mock's answer, written by node. */
  request?(request: IncomingMessage, response: ServerResponse, answer: GoodAnswer): Promise<void>
  /** Adds listeners to the server itself (`checkContinue`, `upgrade`). */
  configure?(
    server: Server,
    answer: GoodAnswer,
    serve: (request: IncomingMessage, response: ServerResponse) => void,
  ): void
}

/**
 * A node:http server on 127.0.0.1 in front of a fresh good mock, with one change at the seam node leaves to an
 * application (its `checkContinue` or `upgrade` listener, its request handler): for the defects of expectations,
 * interim answers, versions and upgrades, which node's own handling would otherwise hide.
 * @example const server = await startFront({ configure: (s, _, serve) => s.on('checkContinue', serve) })
 */
export async function startFront(setup: FrontSetup): Promise<RunningServer> {
  const mock = await startPetStoreServer()
  const goodOrigin = new URL(mock.baseUrl).origin
  const answer: GoodAnswer = async (request, body) => {
    const content = body ?? (await readBody(request))
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) =>
        connectionFields.has(name) || value === undefined ? [] : [[name, String(value)]],
      ),
    )
    return fetch(`${goodOrigin}${originForm(request.url)}`, {
      method: request.method,
      headers,
      body: content.byteLength > 0 ? (content as Uint8Array<ArrayBuffer>) : undefined,
      redirect: 'manual',
    })
  }
  const handle = setup.request ?? (async (request, response) => writeAnswer(response, await answer(request)))
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response, answer).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  }
  const server = createServer(serve)
  setup.configure?.(server, answer, serve)
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl: `${origin}/v1`,
    messagesBaseUrl: origin,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
      await mock.close()
    },
  }
}
