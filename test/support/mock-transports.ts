import type { JournalEntry, JournalFilter } from '../../mocks/core/controls/request-journal.ts'
import type { MockRule } from '../../mocks/core/controls/rule-set.ts'
import { MockError } from '../../mocks/core/mock-error.ts'
import { createPetStoreMock, type PetStoreMock, type PetStoreMockOptions } from '../../mocks/create-pet-store-mock.ts'
import { InvalidPetsError, readPetStoreState, replacePetStoreState } from '../../mocks/model/pet-store-state.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import type { Pet } from '../../spec/types.ts'

/** The mock's controls as a test drives them: methods in-process, the admin API over HTTP. */
export interface TransportControls {
  /** Resolves with the rule, or rejects with the `Error` body's code and message. */
  addRule(rule: unknown, session?: string): Promise<MockRule>
  listRules(session?: string): Promise<Array<MockRule>>
  removeRule(id: string, session?: string): Promise<boolean>
  clearRules(session?: string): Promise<void>
  requests(filter?: Omit<JournalFilter, 'session'>, session?: string): Promise<Array<JournalEntry>>
  clearRequests(session?: string): Promise<void>
  /** Everything, or only the named session. */
  reset(session?: string): Promise<void>
  getState(session?: string): Promise<{ pets: Array<Pet> }>
  /** Rejects with the `Error` body's code and message. */
  putState(state: unknown, session?: string): Promise<void>
}

export interface MockTransport {
  name: string
  baseUrl: string
  messagesBaseUrl: string
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  reset(): Promise<void>
  close(): Promise<void>
  controls: TransportControls
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
    controls: { ...methodControls(mock), ...coreStateControls(mock) },
  }
}

/** The standalone node:http mock on a free loopback port. */
export async function standaloneTransport(options: PetStoreMockOptions = {}): Promise<MockTransport> {
  const { seed, pets, apiKeys, now, fixtures, journalSize, maxSessions } = options
  const server = await startPetStoreServer({ seed, pets, apiKeys, now, fixtures, journalSize, maxSessions })
  return {
    name: 'standalone',
    baseUrl: server.baseUrl,
    messagesBaseUrl: server.messagesBaseUrl,
    fetch: (input, init) => fetch(input, init),
    reset: server.reset,
    close: server.close,
    controls: adminApiControls(`${new URL(server.baseUrl).origin}/__mock`),
  }
}

/** Both ways of serving the mock, for `describe.each`: a behaviour test runs against each. */
export const mockTransports = [
  ['in-process', inProcessTransport],
  ['standalone', standaloneTransport],
] as const

/** The controls of an in-process mock (or a browser worker, which has the same methods). */
export function methodControls(
  mock: Pick<PetStoreMock, 'rules' | 'journal' | 'session' | 'reset'>,
): Omit<TransportControls, 'getState' | 'putState'> {
  const scope = (session?: string) => (session === undefined ? mock : mock.session(session))
  return {
    addRule: async (rule, session) => scope(session).rules.add(rule as never),
    listRules: async (session) => scope(session).rules.list(),
    removeRule: async (id, session) => scope(session).rules.remove(id),
    clearRules: async (session) => scope(session).rules.clear(),
    requests: async (filter, session) => scope(session).journal.list(filter),
    clearRequests: async (session) => scope(session).journal.clear(),
    reset: (session) => (session === undefined ? mock.reset() : mock.session(session).reset()),
  }
}

/** The pets of the default store or of a session, in-process. */
function coreStateControls(mock: PetStoreMock): Pick<TransportControls, 'getState' | 'putState'> {
  const modelOf = (session?: string) => mock.core.sessions.get(session ?? null).model()
  return {
    getState: async (session) => readPetStoreState(await modelOf(session)),
    async putState(state, session) {
      try {
        await replacePetStoreState(await modelOf(session), state)
      } catch (error) {
        if (error instanceof InvalidPetsError) throw new MockError(400, 'invalid_body', error.message)
        throw error
      }
    },
  }
}

/** The same controls through the admin HTTP API at `adminUrl` (`http://127.0.0.1:4010/__mock`). */
export function adminApiControls(adminUrl: string, headers: Record<string, string> = {}): TransportControls {
  async function call(method: string, path: string, session?: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${adminUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(session === undefined ? {} : { 'x-mock-session': session }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (response.status >= 400) {
      const error = JSON.parse(text) as { code: MockError['code']; message: string }
      throw new MockError(response.status, error.code, error.message)
    }
    return text === '' ? undefined : JSON.parse(text)
  }
  return {
    addRule: async (rule, session) => (await call('POST', '/rules', session, rule)) as MockRule,
    listRules: async (session) => ((await call('GET', '/rules', session)) as { rules: Array<MockRule> }).rules,
    async removeRule(id, session) {
      try {
        await call('DELETE', `/rules/${encodeURIComponent(id)}`, session)
        return true
      } catch (error) {
        if (error instanceof MockError && error.status === 404) return false
        throw error
      }
    },
    clearRules: async (session) => void (await call('DELETE', '/rules', session)),
    async requests(filter = {}, session) {
      const query = new URLSearchParams()
      if (filter.method !== undefined) query.set('method', filter.method)
      if (filter.path !== undefined) query.set('path', filter.path)
      const answer = (await call('GET', `/requests?${query}`, session)) as { requests: Array<JournalEntry> }
      return answer.requests
    },
    clearRequests: async (session) => void (await call('DELETE', '/requests', session)),
    reset: async (session) => void (await call('POST', '/reset', session)),
    getState: async (session) => (await call('GET', '/state', session)) as { pets: Array<Pet> },
    putState: async (state, session) => void (await call('PUT', '/state', session, state)),
  }
}
