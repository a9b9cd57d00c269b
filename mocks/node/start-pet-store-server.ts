import type { Server } from 'node:http'
import { createPetStoreCore } from '../core/create-pet-store-core.ts'
import { createPetStoreModel, type PetStoreModel, type PetStoreModelOptions } from '../model/create-pet-store-model.ts'
import { createMockServer } from './create-mock-server.ts'

export interface PetStoreServerOptions extends PetStoreModelOptions {
  /** Keys accepted as `Authorization: Bearer <key>`. Default: the development key. */
  apiKeys?: ReadonlyArray<string>
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port, so that parallel test files never clash. */
  port?: number
}

export interface PetStoreServer {
  /** The pets API, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string
  /** The messages API's base (`POST <messagesBaseUrl>/messages`). */
  messagesBaseUrl: string
  server: Server
  model: PetStoreModel
  /** Restores the seeded state, ids included. */
  reset(): Promise<void>
  /** Stops accepting, closes idle and open connections. */
  close(): Promise<void>
}

/**
 * The standalone mock, listening: the same server `petstore-mock` runs, for a test suite's global setup.
 * @example
 * const server = await startPetStoreServer({ seed: 1 })
 * await fetch(`${server.baseUrl}/pets`, { headers: { authorization: 'Bearer petstore-dev-key' } })
 * await server.close()
 */
export async function startPetStoreServer(options: PetStoreServerOptions = {}): Promise<PetStoreServer> {
  const model = await createPetStoreModel(options)
  const core = createPetStoreCore({ model, apiKeys: options.apiKeys })
  const mock = createMockServer({ core, host: options.host, port: options.port ?? 0 })
  const { baseUrl, messagesBaseUrl } = await mock.listen()
  return { baseUrl, messagesBaseUrl, server: mock.server, model, reset: () => model.reset(), close: () => mock.close() }
}
