import type { OperationSpec } from '../../../spec/operations.ts'
import type { Pet } from '../../../spec/types.ts'
import { MockError } from '../mock-error.ts'
import { quote } from '../query-value.ts'
import type { Operation } from './operation.ts'

const int64Max = 2n ** 63n - 1n
const int64Min = -(2n ** 63n)

/** `GET /pets/{petId}` (deprecated): the pet, with `Deprecation` and `Sunset` headers; 410 from its sunset on. */
export const getPet: Operation = ({ request, model, route }) => {
  const headers = deprecationHeaders(route)
  if (isGone(route, model.now())) throw goneError(route, headers)
  const id = parsePetId(request.params.petId ?? '', headers)
  // An id beyond 2^53 is well-formed but can name no stored pet.
  const pet = Number.isSafeInteger(Number(id)) ? model.findPet(Number(id)) : undefined
  if (!pet) throw new MockError(404, 'not_found', `No pet with id ${id}.`, headers)
  return { status: 200, headers, body: serializedPet(pet) }
}

const serialized = new WeakMap<Pet, string>()

/** A pet as JSON, serialized once: pets never change after they are created. */
function serializedPet(pet: Pet): string {
  let json = serialized.get(pet)
  if (json === undefined) {
    json = JSON.stringify(pet)
    serialized.set(pet, json)
  }
  return json
}

function parsePetId(raw: string, headers: Record<string, string>): number | bigint {
  let text = raw
  if (raw.includes('%')) {
    try {
      text = decodeURIComponent(raw)
    } catch {
      // A malformed escape is refused below like any other non-integer.
    }
  }
  // Up to 15 digits is always a safe number: the common case skips BigInt.
  if (/^-?[0-9]{1,15}$/.test(text)) return Number(text)
  const id = /^-?[0-9]{1,20}$/.test(text) ? BigInt(text) : undefined
  if (id !== undefined && id >= int64Min && id <= int64Max) return id
  throw new MockError(
    400,
    'invalid_parameter',
    `The "petId" path parameter must be a 64-bit integer, got ${quote(text)}.`,
    headers,
  )
}

const sunsetTimes = new WeakMap<OperationSpec, number>()

/** Whether the mock's clock has reached the operation's `x-sunset` (its UTC midnight). */
function isGone(route: OperationSpec, now: number): boolean {
  if (!route.sunset) return false
  let sunset = sunsetTimes.get(route)
  if (sunset === undefined) {
    sunset = Date.parse(`${route.sunset}T00:00:00Z`)
    sunsetTimes.set(route, sunset)
  }
  return now >= sunset
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

const headerCache = new WeakMap<OperationSpec, Record<string, string>>()

/**
 * The answer's headers, built once: RFC 9745 `Deprecation` (an `@seconds` date) and RFC 8594 `Sunset` (an
 * HTTP date), from the spec.
 */
function deprecationHeaders(route: OperationSpec): Record<string, string> {
  const cached = headerCache.get(route)
  if (cached) return cached
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (route.deprecated)
    headers.deprecation = route.deprecationDate ? `@${Date.parse(`${route.deprecationDate}T00:00:00Z`) / 1000}` : '?1'
  if (route.sunset) headers.sunset = new Date(`${route.sunset}T00:00:00Z`).toUTCString()
  // Frozen: shared by every answer, and so merged with the CORS headers once.
  Object.freeze(headers)
  headerCache.set(route, headers)
  return headers
}
