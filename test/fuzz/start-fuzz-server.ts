import type { Server } from 'node:http'
import { createPetStoreCore } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreModel, type PetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { createMockServer, type MockServer } from '../../mocks/node/create-mock-server.ts'

/** A listening standalone mock, with its model (to reset or inspect) and its port. */
export interface FuzzServer {
  mock: MockServer
  model: PetStoreModel
  port: number
  baseUrl: string
  messagesBaseUrl: string
}

/**
 * The standalone mock on a free loopback port, seeded like every fuzz target. `configure` sees the
 * node:http server before it listens: the place to shorten its timeouts for a test.
 * @example const { port, mock } = await startFuzzServer((server) => { server.headersTimeout = 1000 })
 */
export async function startFuzzServer(configure?: (server: Server) => void): Promise<FuzzServer> {
  const model = await createPetStoreModel({ seed: 1, pets: 50 })
  const mock = createMockServer({ core: createPetStoreCore({ model }), host: '127.0.0.1', port: 0 })
  configure?.(mock.server)
  const { baseUrl, messagesBaseUrl } = await mock.listen()
  return { mock, model, port: Number(new URL(baseUrl).port), baseUrl, messagesBaseUrl }
}
