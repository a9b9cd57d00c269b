import { openapiDocument } from './generated/openapi-document.ts'

type Json = Record<string, unknown>
const components = openapiDocument.components as unknown as Record<string, Record<string, Json>>

/**
 * Follows `$ref`s into the spec's components (`#/components/<section>/<name>`) until a value with content:
 * a schema, a parameter, a response, a request body. The one place the project resolves a reference.
 * @example resolveRef({ $ref: '#/components/schemas/PetStatus' }) // { type: 'string', enum: [...] }
 */
export function resolveRef<T extends object>(value: T): T {
  let current = value as Json
  for (let depth = 0; typeof current.$ref === 'string' && depth < 10; depth++) {
    const [, , section, name] = (current.$ref as string).split('/') as [string, string, string, string]
    current = components[section]?.[name] ?? {}
  }
  return current as T
}
