import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createPetStoreCore } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { createMockServer } from '../../mocks/node/create-mock-server.ts'
import type { RunningServer } from './frameworks/running-server.ts'

type Listener = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Leaves to the mock's own listener only the requests whose path `serves` takes; any other is answered 404 with an
 * Error, as a server that holds one API and not the other answers a path it does not know.
 */
function serveOnly(server: Server, api: string, serves: (path: string) => boolean): void {
  for (const event of ['request', 'checkExpectation'] as const) {
    const [mock] = server.listeners(event) as Array<Listener>
    if (!mock) continue
    server.removeAllListeners(event)
    server.on(event, (request: IncomingMessage, response: ServerResponse) => {
      // The origin-form's path, or the absolute-form's (RFC 9112 section 3.2.2).
      const path = new URL(request.url ?? '/', 'http://any.test').pathname
      if (serves(path)) return mock(request, response)
      const body = JSON.stringify({
        code: 'not_found',
        message: `The ${api} API has no ${request.method} ${path}.`,
        status: 404,
      })
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(request.method === 'HEAD' ? undefined : body)
    })
  }
}

/**
 * A conformant deployment whose two APIs have two origins, as the interface's two base addresses allow: the good
 * mock's one store behind two of its standalone servers on loopback, the pets API alone on one port (`/v1`) and the
 * messages API alone on another (`/messages` at its root). Each answers a path of the other API 404. `messagesApi`
 * serves the messages API instead (a server with a defect of its own), at its `messagesBaseUrl`.
 * @example const { baseUrl, messagesBaseUrl, close } = await startSplitOrigins()
 */
export async function startSplitOrigins(messagesApi?: () => Promise<RunningServer>): Promise<RunningServer> {
  const core = createPetStoreCore({ model: await createPetStoreModel() })
  const pets = createMockServer({ core, port: 0 })
  serveOnly(pets.server, 'pets', (path) => path === '/v1' || path.startsWith('/v1/'))
  const { baseUrl } = await pets.listen()
  let messages: RunningServer
  if (messagesApi) messages = await messagesApi()
  else {
    const server = createMockServer({ core, port: 0 })
    serveOnly(server.server, 'messages', (path) => path === '/messages')
    messages = { ...(await server.listen()), close: server.close }
  }
  return {
    baseUrl,
    messagesBaseUrl: messages.messagesBaseUrl,
    close: async () => {
      await Promise.all([pets.close(), messages.close()])
    },
  }
}
