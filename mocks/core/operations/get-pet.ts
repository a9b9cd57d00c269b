import { stringifyJson } from '../../../spec/json/stringify-json.ts'
import type { OperationSpec } from '../../../spec/operations.ts'
import type { Pet } from '../../../spec/types.ts'
import { MockError } from '../mock-error.ts'
import { parseResourceId } from '../parse-resource-id.ts'
import type { Operation } from './operation.ts'

/** `GET /pets/{petId}` (deprecated): the pet, with `Deprecation` and `Sunset` headers; 410 from its sunset on. */
export const getPet: Operation = ({ request, model, route }) => {
  const { headers, sunsetMs } = deprecationOf(route)
  if (model.now() >= sunsetMs) throw goneError(route, headers)
  const id = parseResourceId(route, request.params, headers)
  // An id beyond 2^53 is well-formed but can name no stored pet.
  const pet = Number.isSafeInteger(Number(id)) ? model.findPet(Number(id)) : undefined
  if (!pet) throw new MockError(404, 'not_found', `No pet with id ${id}.`, headers)
  return { status: 200, headers, body: serializedPet(pet) }
}

const serialized = new WeakMap<Pet, string>()

/**
 * A pet as JSON, serialized once per record: the store's records are frozen, and a change to a pet stores
 * a new record (`PetTable`), so the JSON kept for a record is never stale.
 */
function serializedPet(pet: Pet): string {
  let json = serialized.get(pet)
  if (json === undefined) {
    json = stringifyJson(pet)
    serialized.set(pet, json)
  }
  return json
}

function goneError(route: OperationSpec, headers: Record<string, string>): MockError {
  return new MockError(
    410,
    'gone',
    `${route.method} ${route.path} was removed on ${route.sunset} (see the Sunset header); ` +
      'use GET /pets with the status filter instead.',
    headers,
  )
}

interface Deprecation {
  /** RFC 9745 `Deprecation` (an `@seconds` date) and RFC 8594 `Sunset` (an HTTP date), from the spec. */
  headers: Record<string, string>
  /** When the operation is gone: its `x-sunset`'s UTC midnight, in ms; never without one. */
  sunsetMs: number
}

const deprecations = new WeakMap<OperationSpec, Deprecation>()

/** The answer's headers and the sunset, worked out once per route: one lookup a request. */
function deprecationOf(route: OperationSpec): Deprecation {
  let deprecation = deprecations.get(route)
  if (deprecation === undefined) {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (route.deprecated)
      headers.deprecation = route.deprecationDate ? `@${Date.parse(`${route.deprecationDate}T00:00:00Z`) / 1000}` : '?1'
    if (route.sunset) headers.sunset = new Date(`${route.sunset}T00:00:00Z`).toUTCString()
    // Frozen: shared by every answer, and so merged with the CORS headers once.
    Object.freeze(headers)
    const sunsetMs = route.sunset ? Date.parse(`${route.sunset}T00:00:00Z`) : Number.POSITIVE_INFINITY
    deprecation = { headers, sunsetMs }
    deprecations.set(route, deprecation)
  }
  return deprecation
}
