import type { Server } from 'node:http'
import type { PetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'

/** A listening standalone mock, with its model (to reset or inspect) and its port. */
export interface FuzzServer {
  mock: PetStoreServer
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
  const mock = await startPetStoreServer({ seed: 1, pets: 50, configure })
  const { baseUrl, messagesBaseUrl, model } = mock
  return { mock, model, port: Number(new URL(baseUrl).port), baseUrl, messagesBaseUrl }
}
