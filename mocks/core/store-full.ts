import { StoreFullError } from '../model/pet-table.ts'
import { MockError } from './mock-error.ts'

/**
 * Rethrows a full server (`--max-pets`, its total over the default store and every session's) as the 507
 * `insufficient_storage` it is answered with (RFC 4918 section 11.5: the server cannot store what the request
 * needs; the request itself was fine), anything else as it came.
 * @example await model.createPet(newPet).catch(storeFull)
 */
export function storeFull(error: unknown): never {
  if (error instanceof StoreFullError) throw new MockError(507, 'insufficient_storage', error.message)
  throw error
}
