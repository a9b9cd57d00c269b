import type { RequestHandler } from 'msw'
import { createPetStoreCore } from '../core/create-pet-store-core.ts'
import { createPetStoreModel, type PetStoreModel, type PetStoreModelOptions } from '../model/create-pet-store-model.ts'
import { createHandlers, type HandlerOptions, handlerBasePaths } from './create-handlers.ts'

export interface PetStoreHandlersOptions extends PetStoreModelOptions, HandlerOptions {
  /** Keys accepted as `Authorization: Bearer <key>`. Default: the development key. */
  apiKeys?: ReadonlyArray<string>
}

export interface PetStoreHandlers {
  /** Request handlers for your own `setupServer`, `setupWorker` or `getResponse`, built on your msw. */
  handlers: Array<RequestHandler>
  model: PetStoreModel
  /** Restores the seeded state, ids included: call it in `afterEach` beside `server.resetHandlers()`. */
  reset(): Promise<void>
}

/**
 * The mock's MSW handlers over a fresh model, for an msw setup of your own.
 * @example
 * const petStore = await createPetStoreHandlers({ baseUrl: 'https://api.example.com/v1' })
 * const server = setupServer(...petStore.handlers)
 */
export async function createPetStoreHandlers(options: PetStoreHandlersOptions = {}): Promise<PetStoreHandlers> {
  const model = await createPetStoreModel(options)
  const core = createPetStoreCore({ model, apiKeys: options.apiKeys, basePaths: handlerBasePaths(options) })
  const handlers = createHandlers(core, options)
  return { handlers, model, reset: () => model.reset() }
}
