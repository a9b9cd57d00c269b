import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { resolveRef } from '../../spec/resolve-ref.ts'
import { resourceList } from '../../spec/resources.ts'

// The fields of the spec's resources (the `Pet`, and every other kind's schema): what a read must give back. Others
// are the server's own business.
const petFields = [
  ...new Set(
    resourceList.flatMap((resource) =>
      Object.keys(
        (resolveRef({ $ref: `#/components/schemas/${resource.schemaName}` }) as { properties?: object }).properties ??
          {},
      ),
    ),
  ),
]

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
