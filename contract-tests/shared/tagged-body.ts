import { operations } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { requestBodySchema, resolve } from '../values/spec-parameters.ts'
import { fitted, stringValues } from '../values/string-values.ts'

/**
 * The operation's sample body (its example in the spec) with each field of free text (a string with no enum,
 * format or pattern) set to `tag`, fitted to its lengths: a valid body the run can trace to itself.
 * @example taggedBody('createPet', 'contract-lq3x9a1-0') // { name: 'contract-lq3x9a1-0', … }
 */
export function taggedBody(operationId: OperationId, tag: string): unknown {
  const sample = operations[operationId].sample.json
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return sample
  const properties = requestBodySchema(operationId)?.properties ?? {}
  return Object.fromEntries(
    Object.entries(sample).map(([field, value]) => {
      const property = resolve(properties[field] ?? {})
      const freeText = property.type === 'string' && !property.enum && !stringValues(property).formatted
      return [field, freeText && typeof value === 'string' ? fitted(property, tag, 1) : value]
    }),
  )
}
