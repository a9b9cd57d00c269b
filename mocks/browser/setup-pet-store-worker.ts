import { type SetupWorker, setupWorker } from 'msw/browser'
import type { MockControls } from '../core/controls/mock-controls.ts'
import { createPetStoreMock, type PetStoreMockOptions } from '../create-pet-store-mock.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'
import { openBrowserState, type PersistOptions } from './browser-state.ts'
import type { PetStorePanel, PetStorePanelOptions } from './mount-pet-store-panel.ts'

export interface PetStoreWorkerOptions extends PetStoreMockOptions {
  /**
   * Keep the pets in the browser's own storage, so that a reload keeps what the page created: `true` for
   * `localStorage` under `petstore-contract:pets` (per origin), or `{ key, storage }`. Off by default. The stored
   * pets are what the mock serves when the page starts; `seed`, `pets` and `fixtures` say what `reset()` goes
   * back to, and `reset()` clears the storage.
   */
  persist?: boolean | PersistOptions
  /**
   * Show the dev panel in the page: the journal, live; rules added and removed; Reset; and what `persist` keeps,
   * with a button that clears it. `true`, or `{ open: true }` to show it at once rather than behind its button.
   * Off by default; its code is loaded only when asked for, and an app that starts the mock only in development
   * (`if (import.meta.env.DEV)`) ships none of it.
   */
  panel?: boolean | PetStorePanelOptions
}

export interface PetStoreWorker extends MockControls {
  /** MSW's worker over the mock's handlers: call `start()` to begin answering the page's requests. */
  worker: SetupWorker
  model: PetStoreModel
  /**
   * Restores the seeded state, ids included, with no rule, no session and an empty journal; with `persist`, also
   * clears what the storage kept.
   */
  reset(): Promise<void>
  /** The dev panel, with `panel`: `close()` removes it. */
  panel?: PetStorePanel
}

/**
 * The mock in a browser: the same handlers as the in-process fetch and the node:http server,
 * answered through MSW's service worker (`mockServiceWorker.js`, served at the site root), with the
 * same controls (`rules`, `journal`, `session(name)`, `Prefer`).
 * The worker matches only the mock's base URLs: any other request meets msw's unhandled-request strategy,
 * `onUnhandledRequest` in msw 2 and `onUnhandledFrame` in msw 3.
 * @example
 * const mock = await setupPetStoreWorker({ seed: 1, persist: true, panel: true })
 * await mock.worker.start({ onUnhandledRequest: 'bypass' }) // msw 3: { onUnhandledFrame: 'bypass' }
 * mock.rules.add({ method: 'GET', path: '/v1/pets', status: 503, times: 1 })
 * @throws InvalidPetsError with `persist`, when the stored pets are not a valid state (they are left untouched)
 */
export async function setupPetStoreWorker({
  persist,
  panel,
  ...options
}: PetStoreWorkerOptions = {}): Promise<PetStoreWorker> {
  const kept = persist ? openBrowserState(persist === true ? {} : persist) : undefined
  const mock = await createPetStoreMock({
    ...options,
    initialPets: kept?.loaded ?? options.initialPets,
    commit: kept?.commit ?? options.commit,
  })
  const browserMock: PetStoreWorker = {
    worker: setupWorker(...mock.handlers),
    model: mock.model,
    rules: mock.rules,
    journal: mock.journal,
    session: mock.session,
    async reset() {
      await mock.reset()
      kept?.clear()
    },
  }
  if (panel) {
    // Loaded only when asked for: a bundler makes it a chunk of its own that no page without the panel fetches.
    const { mountPetStorePanel } = await import('./mount-pet-store-panel.ts')
    browserMock.panel = mountPetStorePanel(browserMock, panel === true ? {} : panel, kept)
  }
  return browserMock
}
