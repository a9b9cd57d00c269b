import type { Server } from 'node:http'
import { createPetStoreCore, type PetStoreCore } from '../core/create-pet-store-core.ts'
import { createPetStoreModel, type PetStoreModel, type PetStoreModelOptions } from '../model/create-pet-store-model.ts'
import { createMockServer, type MockServerOptions } from './create-mock-server.ts'

export interface PetStoreServerOptions
  extends PetStoreModelOptions,
    Pick<MockServerOptions, 'allowedHosts' | 'maxInFlight' | 'maxInFlightPerConnection' | 'maxConnections'> {
  /** Keys accepted as `Authorization: Bearer <key>`. Default: the development key. */
  apiKeys?: ReadonlyArray<string>
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port (the CLI's default is 4010). */
  port?: number
  /** Required as `Authorization: Bearer <token>` by `/__mock` off loopback (`--admin-token`). */
  adminToken?: string
  /** How many requests the journal keeps (`--journal-size`). Default 1000. */
  journalSize?: number
  /** How many `X-Mock-Session` stores at most (`--max-sessions`). Default 1000. */
  maxSessions?: number
  /**
   * How many requests at most are held at once for a delay or `fault=timeout`. Default 1000, and never more
   * than half of `maxConnections`: the other half stays free for new clients and the admin page.
   */
  maxHeld?: number
  /** Sees the node:http server before it listens: the place to shorten its timeouts or count requests. */
  configure?: (server: Server) => void
}

export interface PetStoreServer {
  /** The pets API, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string
  /** Where `POST /messages` lives, e.g. `http://127.0.0.1:4010`. */
  messagesBaseUrl: string
  model: PetStoreModel
  core: PetStoreCore
  server: Server
  /** Restores the seeded state, ids included, with no rule, no session and an empty journal (`POST /__mock/reset`). */
  reset(): Promise<void>
  /** Stops accepting, closes idle and open connections. */
  close(): Promise<void>
}

/**
 * The standalone mock in one call, beside `createPetStoreMock()`: model, core and node:http server,
 * listening. Rejects with the listen error (`EADDRINUSE`, …).
 * @example
 * const mock = await startPetStoreServer({ seed: 1 })
 * await fetch(`${mock.baseUrl}/pets?limit=5`, { headers: { authorization: 'Bearer petstore-dev-key' } })
 * await mock.close()
 */
export async function startPetStoreServer(options: PetStoreServerOptions = {}): Promise<PetStoreServer> {
  const { apiKeys, host, port = 0, configure, adminToken, journalSize, maxSessions, maxHeld, ...rest } = options
  const { allowedHosts, maxInFlight, maxInFlightPerConnection, maxConnections, ...modelOptions } = rest
  const model = await createPetStoreModel(modelOptions)
  const core = createPetStoreCore({ model, apiKeys, journalSize, maxSessions, maxHeld })
  const limits = { maxInFlight, maxInFlightPerConnection, maxConnections }
  const mock = createMockServer({ core, host, port, adminToken, allowedHosts, ...limits })
  configure?.(mock.server)
  const { baseUrl, messagesBaseUrl } = await mock.listen()
  return { baseUrl, messagesBaseUrl, model, core, server: mock.server, reset: () => core.reset(), close: mock.close }
}
