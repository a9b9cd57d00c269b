import { openapiDocument } from './generated/openapi-document.ts'

export { openapiDocument }

type JsonObject = { readonly [key: string]: unknown }

/** A component schema as plain JSON Schema, its `$ref`s pointing into `$defs`. */
export function componentJsonSchema(name: keyof typeof openapiDocument.components.schemas): JsonObject {
  const defs = JSON.parse(
    JSON.stringify(openapiDocument.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
  ) as JsonObject
  return { $ref: `#/$defs/${name}`, $defs: defs }
}
