import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { resolveRef } from '../../spec/resolve-ref.ts'
import { resourceList } from '../../spec/resources.ts'
import type { JsonSchema } from '../values/spec-parameters.ts'
import { stringValues } from '../values/string-values.ts'

// The fields of the spec's resources (every kind's schema), each with its schemas: what a read must give back.
// Others are the server's own business.
const fieldSchemas = new Map<string, Array<JsonSchema>>()
for (const resource of resourceList) {
  const schema = resolveRef({ $ref: `#/components/schemas/${resource.schemaName}` }) as JsonSchema
  for (const [field, property] of Object.entries(schema.properties ?? {}))
    fieldSchemas.set(field, [...(fieldSchemas.get(field) ?? []), resolveRef(property)])
}

/** Whether two values of a field are the same: exactly, or the same value of a string format (`stringValues`). */
function sameValue(field: string, read: unknown, expected: unknown): boolean {
  if (stringifyJson(read ?? null) === stringifyJson(expected ?? null)) return true
  if (typeof read !== 'string' || typeof expected !== 'string') return false
  return (fieldSchemas.get(field) ?? []).some(
    (schema) => schema.type === 'string' && stringValues(schema).formatted && stringValues(schema).same(read, expected),
  )
}

/**
 * Whether a resource as read holds every field of the spec's schemas that `expected` holds (a key present, even
 * with the value undefined, is compared; an absent one is not), compared exactly, int64 to the digit, or as the
 * same value of its format (a UUID in another case, a date-time at the same instant written otherwise). Fields
 * beyond the spec's are never compared.
 * @example sameFields({ id: 1, name: 'Rex', size: 2, tags: [] }, { name: 'Rex', size: 2 }) // true
 */
export function sameFields(read: unknown, expected: Readonly<Record<string, unknown>>): boolean {
  const held = (typeof read === 'object' && read !== null ? read : {}) as Record<string, unknown>
  return [...fieldSchemas.keys()].every(
    (field) => !(field in expected) || sameValue(field, held[field], expected[field]),
  )
}
