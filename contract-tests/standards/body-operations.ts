import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { type JsonSchema, requestBodySchema, resolve } from '../values/spec-parameters.ts'
import { stringValues } from '../values/string-values.ts'

/** An operation that takes a JSON body, with the string fields of free text its schema names. */
export interface BodyOperation {
  operation: OperationSpec
  schema: JsonSchema
  /**
   * Fields of type string that take any text (no enum, format or pattern; lengths allowed): what Unicode and text
   * checks vary.
   */
  stringFields: ReadonlyArray<string>
}

/**
 * Every described operation that takes a JSON body, from the catalogue: `createPet` and `sendMessage` today,
 * any new one with no edit here.
 * @example bodyOperations.map(({ operation }) => operation.operationId) // ['createPet', 'sendMessage']
 */
export const bodyOperations: ReadonlyArray<BodyOperation> = operationList.flatMap((operation) => {
  const schema = operation.described ? requestBodySchema(operation.operationId) : undefined
  if (!schema) return []
  const stringFields = Object.entries(schema.properties ?? {})
    .filter(([, property]) => {
      const resolved = resolve(property)
      return resolved.type === 'string' && !resolved.enum && !stringValues(resolved).formatted
    })
    .map(([name]) => name)
  return [{ operation, schema, stringFields }]
})
