import { type SetupWorker, setupWorker } from 'msw/browser'
import type { MockControls } from '../core/controls/mock-controls.ts'
import { createPetStoreMock, type PetStoreMockOptions } from '../create-pet-store-mock.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'

export interface PetStoreWorker extends MockControls {
  /** MSW's worker over the mock's handlers: call `start()` to begin answering the page's requests. */
  worker: SetupWorker
  model: PetStoreModel
  /** Restores the seeded state, ids included, with no rule, no session and an empty journal. */
  reset(): Promise<void>
}

/**
 * The mock in a browser: the same handlers as the in-process fetch and the node:http server,
 * answered through MSW's service worker (`mockServiceWorker.js`, served at the site root), with the
 * same controls (`rules`, `journal`, `session(name)`, `Prefer`).
 * The worker matches only the mock's base URLs: any other request meets msw's unhandled-request strategy,
 * `onUnhandledRequest` in msw 2 and `onUnhandledFrame` in msw 3.
 * @example
 * const mock = await setupPetStoreWorker({ seed: 1 })
 * await mock.worker.start({ onUnhandledRequest: 'bypass' }) // msw 3: { onUnhandledFrame: 'bypass' }
 * mock.rules.add({ method: 'GET', path: '/v1/pets', status: 503, times: 1 })
 */
export async function setupPetStoreWorker(options: PetStoreMockOptions = {}): Promise<PetStoreWorker> {
  const mock = await createPetStoreMock(options)
  return {
    worker: setupWorker(...mock.handlers),
    model: mock.model,
    rules: mock.rules,
    journal: mock.journal,
    session: mock.session,
    reset: mock.reset,
  }
}
