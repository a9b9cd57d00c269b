import { operations as catalogue } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'
import { createAuthenticator } from './create-authenticator.ts'
import { developmentApiKey } from './development-api-key.ts'
import { createDispatch, type Dispatch, type Execute } from './dispatch.ts'
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

export interface PetStoreCoreOptions {
  model: PetStoreModel
  /** Keys accepted as `Authorization: Bearer <key>`. Default: the development key. */
  apiKeys?: ReadonlyArray<string>
}

export interface PetStoreCore {
  readonly model: PetStoreModel
  /** Runs one operation: authentication first, then the operation; a refusal becomes an `Error` answer. */
  execute: Execute
  /** The one router every adapter calls: routes, answers 404/405/preflights, adds the CORS headers. */
  dispatch: Dispatch
}

/**
 * The transport-neutral mock: the MSW handlers and the node:http server are thin adapters over it.
 * @example const core = createPetStoreCore({ model: await createPetStoreModel() })
 */
export function createPetStoreCore({ model, apiKeys = [developmentApiKey] }: PetStoreCoreOptions): PetStoreCore {
  const authenticate = createAuthenticator(apiKeys)

  const execute: Execute = (operationId, request) => {
    const refusal = authenticate(request.header('authorization'))
    if (refusal) return errorResponse(refusal)
    const route = catalogue[operationId]
    if (!route) throw new TypeError(`Failed to execute "${operationId}": expected an operationId of the spec.`)
    try {
      const answer = operations[operationId]({ request, model, route })
      return answer instanceof Promise ? answer.catch(toErrorResponse) : answer
    } catch (error) {
      return toErrorResponse(error)
    }
  }
  return { model, execute, dispatch: createDispatch(execute) }
}

function toErrorResponse(error: unknown): MockResponse {
  if (error instanceof MockError) return errorResponse(error)
  // Never expected: a bug in the mock. It still answers in the Error shape rather than dropping the request.
  return internalErrorResponse()
}
