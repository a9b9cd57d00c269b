import { operationObject } from '../../spec/operations.ts'
import { resolveRef } from '../../spec/resolve-ref.ts'
import type { OperationId } from '../../spec/types.ts'

/** The part of JSON Schema the spec uses, as the generators read it. */
export interface JsonSchema {
  type?: string
  format?: string
  enum?: ReadonlyArray<unknown>
  properties?: Readonly<Record<string, JsonSchema>>
  required?: ReadonlyArray<string>
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  default?: unknown
  description?: string
  $ref?: string
}

/** One parameter of an operation, its schema resolved. */
interface SpecParameter {
  name: string
  in: 'query' | 'path' | 'header'
  required: boolean
  schema: JsonSchema
}

type Json = Record<string, unknown>

/**
 * Follows `$ref`s into the spec's components (the spec's own `resolveRef`, typed for the generators).
 * @example resolve({ $ref: '#/components/schemas/PetStatus' }) // { type: 'string', enum: [...] }
 */
export const resolve: <T extends object>(value: T) => T = resolveRef

/**
 * The parameters the spec gives an operation, `$ref`s resolved, in spec order.
 * @example specParameters('listPets').map((p) => p.name) // ['limit', 'status']
 */
export function specParameters(operationId: OperationId): Array<SpecParameter> {
  const parameters = (operationObject(operationId).parameters ?? []) as Array<Json>
  return parameters.map((parameter) => {
    const resolved = resolve(parameter)
    return {
      name: String(resolved.name),
      in: resolved.in as SpecParameter['in'],
      required: resolved.required === true,
      schema: resolve(resolved.schema as JsonSchema),
    }
  })
}

/**
 * The JSON request body schema of an operation, resolved one level (its properties may hold `$ref`s).
 * @example requestBodySchema('sendMessage')?.required // ['message']
 */
export function requestBodySchema(operationId: OperationId): JsonSchema | undefined {
  const body = operationObject(operationId).requestBody as Json | undefined
  if (!body) return undefined
  const content = resolve(body).content as Record<string, { schema?: JsonSchema }> | undefined
  const schema = content?.['application/json']?.schema
  return schema ? resolve(schema) : undefined
}
