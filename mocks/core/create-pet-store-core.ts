import { developmentApiKey } from '../../shared/development-api-key.ts'
import type { OperationId } from '../../spec/types.ts'
import { createSeedSharingModels, type PetStoreModel } from '../model/create-pet-store-model.ts'
import type { BasePaths } from './base-paths.ts'
import { createHeldRequests, type HeldRequests } from './controls/held-requests.ts'
import { createMockSessions, type MockSessions } from './controls/mock-sessions.ts'
import { createRequestJournal, type RequestJournal } from './controls/request-journal.ts'
import { createAuthenticator } from './create-authenticator.ts'
import { createDispatch, type Dispatch } from './dispatch.ts'
import { errorResponse, internalErrorResponse, MockError } from './mock-error.ts'
import type { MockResponse } from './mock-response.ts'
import { createPet } from './operations/create-pet.ts'
import { getPet } from './operations/get-pet.ts'
import { listPets } from './operations/list-pets.ts'
import { listStoreOrders } from './operations/list-store-orders.ts'
import type { Operation } from './operations/operation.ts'
import { sendMessage } from './operations/send-message.ts'

export { developmentApiKey }

const operations: Record<OperationId, Operation> = { listPets, createPet, getPet, listStoreOrders, sendMessage }

interface PetStoreCoreOptions {
  model: PetStoreModel
  /** Keys accepted as `Authorization: Bearer <key>`. Default: the development key. */
  apiKeys?: ReadonlyArray<string>
  /** How many requests the journal keeps, the oldest dropped first (`--journal-size`). Default 1000. */
  journalSize?: number
  /** How many `X-Mock-Session` stores at most, least recently used dropped first (`--max-sessions`). Default 1000. */
  maxSessions?: number
  /**
   * How many requests at most are held at once for a delay or `fault=timeout`; past it such a request is
   * answered 503 `service_unavailable` at once, its operation not run. Default 1000.
   */
  maxHeld?: number
  /**
   * Where the adapter mounts the bases (`{ pets: '/api/v1', messages: '' }`), so that rules and journal
   * filters take paths as clients send them. Default: the spec's, `/v1` and the root.
   */
  basePaths?: BasePaths
}

export interface PetStoreCore {
  readonly model: PetStoreModel
  /** The one router every adapter calls: routes, applies the controls, answers 404/405/preflights, adds CORS. */
  dispatch: Dispatch
  /** The default store and one per `X-Mock-Session`, each with its rules. */
  sessions: MockSessions
  /** The last requests answered, never a header. */
  journal: RequestJournal
  /** The requests held for a delay or `fault=timeout` right now. */
  held: HeldRequests
  /** Back to the seeded state with no rule and an empty journal: every session, or only the named one. */
  reset(session?: string | null): Promise<void>
}

/**
 * The transport-neutral mock: the MSW handlers and the node:http server are thin adapters over it.
 * @example const core = createPetStoreCore({ model: await createPetStoreModel() })
 */
export function createPetStoreCore({
  model,
  apiKeys = [developmentApiKey],
  journalSize = 1000,
  maxSessions = 1000,
  maxHeld = 1000,
  basePaths,
}: PetStoreCoreOptions): PetStoreCore {
  const authenticate = createAuthenticator(apiKeys)
  const createModel = createSeedSharingModels(model.options)
  const sessions = createMockSessions({ model, createModel, maxSessions, basePaths })
  const journal = createRequestJournal(journalSize, basePaths)
  const held = createHeldRequests(maxHeld)
  const dispatch = createDispatch({
    authenticate,
    sessions,
    journal,
    held,
    run(route, request, store) {
      try {
        const answer = operations[route.operationId]({ request, model: store, route })
        return answer instanceof Promise ? answer.catch(toErrorResponse) : answer
      } catch (error) {
        return toErrorResponse(error)
      }
    },
  })
  return {
    model,
    dispatch,
    sessions,
    journal,
    held,
    async reset(session) {
      if (session === undefined || session === null) {
        journal.clear()
        await sessions.resetAll()
        return
      }
      journal.clear(session)
      await sessions.get(session).reset()
    },
  }
}

function toErrorResponse(error: unknown): MockResponse {
  if (error instanceof MockError) return errorResponse(error)
  // Never expected: a bug in the mock. It still answers in the Error shape rather than dropping the request.
  return internalErrorResponse()
}
