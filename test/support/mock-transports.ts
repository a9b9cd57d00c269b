import { createPetStoreMock, type PetStoreMockOptions } from '../../mocks/create-pet-store-mock.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'

export interface MockTransport {
  name: string
  baseUrl: string
  messagesBaseUrl: string
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  reset(): Promise<void>
  close(): Promise<void>
}

/** The in-process mock (msw `getResponse`), reached at a made-up origin. */
export async function inProcessTransport(options: PetStoreMockOptions = {}): Promise<MockTransport> {
  const mock = await createPetStoreMock(options)
  return {
    name: 'in-process',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://messages.petstore.test',
    fetch: mock.fetch,
    reset: mock.reset,
    close: async () => {},
  }
}

/** The standalone node:http mock on a free loopback port. */
export async function standaloneTransport(options: PetStoreMockOptions = {}): Promise<MockTransport> {
  const { seed, pets, apiKeys, now, fixtures } = options
  const server = await startPetStoreServer({ seed, pets, apiKeys, now, fixtures })
  return {
    name: 'standalone',
    baseUrl: server.baseUrl,
    messagesBaseUrl: server.messagesBaseUrl,
    fetch: (input, init) => fetch(input, init),
    reset: server.reset,
    close: server.close,
  }
}

/** Both ways of serving the mock, for `describe.each`: a behaviour test runs against each. */
export const mockTransports = [
  ['in-process', inProcessTransport],
  ['standalone', standaloneTransport],
] as const
