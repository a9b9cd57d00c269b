import { type SetupWorker, setupWorker } from 'msw/browser'
import { createPetStoreMock, type PetStoreMockOptions } from '../create-pet-store-mock.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'

export interface PetStoreWorker {
  /** MSW's worker over the mock's handlers: call `start()` to begin answering the page's requests. */
  worker: SetupWorker
  model: PetStoreModel
  /** Restores the seeded state, ids included. */
  reset(): Promise<void>
}

/**
 * The mock in a browser: the same handlers as the in-process fetch and the node:http server,
 * answered through MSW's service worker (`mockServiceWorker.js`, served at the site root).
 * @example
 * const { worker } = await setupPetStoreWorker({ seed: 1 })
 * await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass' })
 * await fetch('/v1/pets?limit=5', { headers: { authorization: 'Bearer petstore-dev-key' } })
 */
export async function setupPetStoreWorker(options: PetStoreMockOptions = {}): Promise<PetStoreWorker> {
  const mock = await createPetStoreMock(options)
  return { worker: setupWorker(...mock.handlers), model: mock.model, reset: mock.reset }
}
