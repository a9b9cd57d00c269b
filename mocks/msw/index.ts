// `petstore-contract/msw`: the mock's handlers for your own `setupServer` or `setupWorker` (msw is your own copy).
export type { HandlerOptions } from './create-handlers.ts'
export {
  createPetStoreHandlers,
  type PetStoreHandlers,
  type PetStoreHandlersOptions,
} from './create-pet-store-handlers.ts'
