import { operations as catalogue } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'
import { createAuthenticator } from './create-authenticator.ts'
import { developmentApiKey } from './development-api-key.ts'
import { errorResponse, MockError } from './mock-error.ts'
import { corsHeaders, jsonResponse, type MockResponse } from './mock-response.ts'
import type { OperationRequest } from './operation-request.ts'
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
  execute(operationId: OperationId, request: OperationRequest): MockResponse | Promise<MockResponse>
  /** 404 `route_not_found` for a path no route matches. */
  routeNotFound(method: string, path: string): MockResponse
  /** 400 `bad_request` for a path with a malformed percent-escape. */
  malformedPath(method: string, path: string): MockResponse
  /** 405 `method_not_allowed` for a known path and an unknown method, with `Allow`. */
  methodNotAllowed(method: string, allow: ReadonlyArray<string>): MockResponse
  /** 204 answer to a CORS preflight on a known path. */
  preflight(allow: ReadonlyArray<string>): MockResponse
}

/**
 * The transport-neutral mock: the MSW handlers and the node:http server are thin adapters over it.
 * @example const core = createPetStoreCore({ model: await createPetStoreModel() })
 */
export function createPetStoreCore({ model, apiKeys = [developmentApiKey] }: PetStoreCoreOptions): PetStoreCore {
  const authenticate = createAuthenticator(apiKeys)

  return {
    model,
    execute(operationId, request) {
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
    },
    routeNotFound(method, path) {
      const shown = path.length > 80 ? `${path.slice(0, 80)}…` : path
      return errorResponse(new MockError(404, 'route_not_found', `No route matches ${method} ${shown}.`))
    },
    malformedPath(method, path) {
      const shown = path.length > 80 ? `${path.slice(0, 80)}…` : path
      return errorResponse(
        new MockError(400, 'bad_request', `The path of ${method} ${shown} has a malformed percent-escape.`),
      )
    },
    methodNotAllowed(method, allow) {
      const shown = method.length > 20 ? `${method.slice(0, 20)}…` : method
      return errorResponse(
        new MockError(
          405,
          'method_not_allowed',
          `This path does not accept ${shown}; it accepts ${allow.join(', ')}.`,
          {
            allow: allow.join(', '),
          },
        ),
      )
    },
    preflight(allow) {
      return {
        status: 204,
        headers: {
          ...corsHeaders,
          allow: allow.join(', '),
          'access-control-allow-methods': allow.join(', '),
          'access-control-allow-headers': 'Authorization, Content-Type',
          'access-control-max-age': '600',
        },
      }
    },
  }
}

function toErrorResponse(error: unknown): MockResponse {
  if (error instanceof MockError) return errorResponse(error)
  // Never expected: a bug in the mock. It still answers in the Error shape rather than dropping the request.
  return jsonResponse(500, { code: 'internal_error', message: 'The mock failed to answer this request.', status: 500 })
}
