import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { openapiDocument } from '../../spec/openapi-document.ts'

// The fields of the spec's Pet: what a read must give back. Others are the server's own business.
const petFields = Object.keys(openapiDocument.components.schemas.Pet.properties)

/**
 * Whether a pet as read holds every field of the spec's `Pet` that `expected` holds (a key present, even
 * with the value undefined, is compared; an absent one is not), compared exactly, int64 to the digit.
 * Fields beyond the spec's are never compared.
 * @example sameFields({ id: 1, name: 'Rex', categoryId: 2, tags: [] }, { name: 'Rex', categoryId: 2 }) // true
 */
export function sameFields(read: unknown, expected: Readonly<Record<string, unknown>>): boolean {
  const pet = (typeof read === 'object' && read !== null ? read : {}) as Record<string, unknown>
  return petFields.every(
    (field) => !(field in expected) || stringifyJson(pet[field] ?? null) === stringifyJson(expected[field] ?? null),
  )
}
