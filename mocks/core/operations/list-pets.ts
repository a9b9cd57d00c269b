import { limitRule, petStatuses } from '../../../spec/schemas.ts'
import type { PetStatus } from '../../../spec/types.ts'
import type { PetStoreModel } from '../../model/create-pet-store-model.ts'
import { MockError } from '../mock-error.ts'
import { jsonTextResponse } from '../mock-response.ts'
import { queryValue, quote } from '../query-value.ts'
import type { Operation } from './operation.ts'

/** `GET /pets`: a bare array, the `status` filter applied before `limit`. */
export const listPets: Operation = ({ request, model }) => {
  const limit = parseLimit(queryValue(request.query, 'limit'))
  const status = parseStatus(queryValue(request.query, 'status'))
  return jsonTextResponse(200, serializedList(model, status, limit))
}

const caches = new WeakMap<PetStoreModel, { revision: number; lists: Map<string, Uint8Array> }>()
const utf8 = new TextEncoder()

/**
 * The list as UTF-8 JSON, serialized and encoded once per query until the pets change: lists are
 * read far more often than written, and a list of 100 pets is 5 KB to encode each time.
 */
function serializedList(model: PetStoreModel, status: PetStatus | undefined, limit: number): Uint8Array {
  let cache = caches.get(model)
  if (!cache || cache.revision !== model.revision) {
    cache = { revision: model.revision, lists: new Map() }
    caches.set(model, cache)
  }
  const key = `${status ?? ''}:${limit}`
  let json = cache.lists.get(key)
  if (json === undefined) {
    json = utf8.encode(JSON.stringify(model.listPets({ status, limit })))
    // Bounded: at most 4 statuses (with none) times 100 limits.
    cache.lists.set(key, json)
  }
  return json
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return limitRule.default
  const limit = /^[0-9]{1,4}$/.test(value) ? Number(value) : Number.NaN
  if (limit >= limitRule.minimum && limit <= limitRule.maximum) return limit
  throw new MockError(
    400,
    'invalid_parameter',
    `The "limit" query parameter must be an integer from ${limitRule.minimum} to ${limitRule.maximum}, ` +
      `got ${quote(value)}.`,
  )
}

function parseStatus(value: string | undefined): PetStatus | undefined {
  if (value === undefined) return undefined
  if ((petStatuses as ReadonlyArray<string>).includes(value)) return value as PetStatus
  throw new MockError(
    400,
    'invalid_parameter',
    `The "status" query parameter must be one of ${petStatuses.join(', ')}, got ${quote(value)}.`,
  )
}
