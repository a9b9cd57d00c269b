import { getResponse, type RequestHandler } from 'msw'
import { type MockControls, mockControls } from './core/controls/mock-controls.ts'
import { createPetStoreCore, type PetStoreCore } from './core/create-pet-store-core.ts'
import { routeNotFound, withCors } from './core/dispatch.ts'
import { createPetStoreModel, type PetStoreModel, type PetStoreModelOptions } from './model/create-pet-store-model.ts'
import { type PetStoreStateControls, petStoreStateControls } from './model/pet-store-state.ts'
import { createHandlers, type HandlerOptions, handlerBasePaths } from './msw/create-handlers.ts'
import { toFetchResponse } from './msw/to-fetch-response.ts'

export interface PetStoreMockOptions extends PetStoreModelOptions, HandlerOptions {
  /** Keys accepted as `Authorization: Bearer <key>`. Default: the development key. */
  apiKeys?: ReadonlyArray<string>
  /** How many requests `journal` keeps. Default 1000. */
  journalSize?: number
  /** How many sessions at most, the least recently used dropped first. Default 1000. */
  maxSessions?: number
}

export interface PetStoreMock extends MockControls {
  model: PetStoreModel
  core: PetStoreCore
  /** MSW handlers for `setupServer`, `setupWorker` or `getResponse`. */
  handlers: Array<RequestHandler>
  /**
   * A `fetch` answered in-process by the handlers (msw's `getResponse`): nothing global is
   * patched and no port is opened. A request no handler takes gets a 404 `Error`.
   */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** Restores the seeded state, ids included, with no rule, no session and an empty journal. */
  reset(): Promise<void>
  /**
   * The pets, read (`state.get()`, `{ pets }`) and replaced after checking each against the spec
   * (`state.replace({ pets })`): the in-process face of `GET/PUT /__mock/state`.
   */
  state: PetStoreStateControls
}

/**
 * The whole mock in one call: model, core, MSW handlers and an in-process fetch.
 * @example
 * const mock = await createPetStoreMock({ seed: 1 })
 * const response = await mock.fetch('http://petstore.test/v1/pets?limit=5', {
 *   headers: { authorization: 'Bearer petstore-dev-key' },
 * })
 */
export async function createPetStoreMock(options: PetStoreMockOptions = {}): Promise<PetStoreMock> {
  const model = await createPetStoreModel(options)
  const { apiKeys, journalSize, maxSessions } = options
  const core = createPetStoreCore({ model, apiKeys, journalSize, maxSessions, basePaths: handlerBasePaths(options) })
  const handlers = createHandlers(core, options)
  return {
    model,
    core,
    handlers,
    ...mockControls(core),
    async fetch(input, init) {
      const request = new Request(input, init)
      const response = await getResponse(handlers, request)
      // A connection fault (fault=reset or timeout) rejects, as a dropped connection does.
      if (request.signal.aborted) throw request.signal.reason
      if (response?.type === 'error') throw new TypeError('fetch failed: the mock dropped the connection (a fault).')
      // This fetch reaches nothing else: a request outside both bases is a 404 too.
      return (
        response ??
        toFetchResponse(
          withCors(routeNotFound(request.method, new URL(request.url).pathname), request.headers.get('origin')),
          request.method,
        )
      )
    },
    reset: () => core.reset(),
    state: petStoreStateControls(model),
  }
}
