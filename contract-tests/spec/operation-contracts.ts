import { z } from 'zod'
import { openapiDocument } from '../../spec/openapi-document.ts'
import { routes, type RouteSpec } from '../../spec/routes.ts'
import type { OperationId } from '../../spec/types.ts'

type Json = Record<string, unknown>

export interface OperationContract {
  route: RouteSpec
  /** Response keys as the spec writes them: `200`, `2XX`, … */
  documentedStatuses: ReadonlyArray<string>
  /** Whether the spec documents this status, exactly or by range (`2XX`). */
  documents(status: number): boolean
  /** The body schema the spec gives for this status, when it gives one. */
  responseSchema(status: number): z.ZodType | undefined
}

const defs = JSON.parse(JSON.stringify(openapiDocument.components.schemas).replaceAll('#/components/schemas/', '#/$defs/')) as Json

function resolveResponse(response: Json): Json {
  const ref = response.$ref
  if (typeof ref !== 'string') return response
  const name = ref.replace('#/components/responses/', '') as keyof typeof openapiDocument.components.responses
  return openapiDocument.components.responses[name] as Json
}

function toSchema(response: Json): z.ZodType | undefined {
  const content = resolveResponse(response).content as Record<string, { schema?: Json }> | undefined
  const schema = content?.['application/json']?.schema
  if (!schema) return undefined
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Json
  return z.fromJSONSchema({ ...rewritten, $defs: defs } as Parameters<typeof z.fromJSONSchema>[0])
}

function responseKey(keys: ReadonlyArray<string>, status: number): string | undefined {
  const exact = String(status)
  if (keys.includes(exact)) return exact
  const range = `${exact[0]}XX`
  return keys.includes(range) ? range : undefined
}

function toContract(route: RouteSpec): OperationContract {
  const item = openapiDocument.paths[route.path as keyof typeof openapiDocument.paths] as Json
  const responses = (item[route.method.toLowerCase()] as { responses: Record<string, Json> }).responses
  const keys = Object.keys(responses)
  const schemas = new Map(keys.map((key) => [key, toSchema(responses[key] as Json)]))
  return {
    route,
    documentedStatuses: keys,
    documents: (status) => responseKey(keys, status) !== undefined,
    responseSchema: (status) => {
      const key = responseKey(keys, status)
      return key === undefined ? undefined : schemas.get(key)
    },
  }
}

/** What the spec promises for each operation: documented statuses and response body schemas. */
export const operationContracts = Object.fromEntries(routes.map((route) => [route.operationId, toContract(route)])) as Record<
  OperationId,
  OperationContract
>
