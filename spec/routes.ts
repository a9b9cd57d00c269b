import { openapiDocument } from './openapi-document.ts'
import type { OperationId } from './types.ts'

/** Which base address an operation lives under: `{base_url}` (`/v1`) or `{messages_base_url}`. */
export type ApiBase = 'pets' | 'messages'

export interface RouteSpec {
  /** Upper-case HTTP method. */
  method: string
  /** Path template as in the spec, relative to its base: `/pets/{petId}`. */
  path: string
  /** The same path with `:name` parameters, as routers write it: `/pets/:petId`. */
  pattern: string
  operationId: OperationId
  base: ApiBase
  deprecated: boolean
  /** `x-sunset` and `x-deprecation-date` of a deprecated operation (YYYY-MM-DD). */
  sunset?: string
  deprecationDate?: string
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

function toRoutes(): Array<RouteSpec> {
  const routes: Array<RouteSpec> = []
  for (const [path, item] of Object.entries(openapiDocument.paths)) {
    // A path with servers of its own is the quickstart messages API, served at its own base.
    const base: ApiBase = 'servers' in item ? 'messages' : 'pets'
    for (const method of httpMethods) {
      const operation = (item as Record<string, unknown>)[method] as
        | { operationId: OperationId; deprecated?: boolean; 'x-sunset'?: string; 'x-deprecation-date'?: string }
        | undefined
      if (!operation) continue
      routes.push({
        method: method.toUpperCase(),
        path,
        pattern: path.replace(/\{([^}]+)\}/g, ':$1'),
        operationId: operation.operationId,
        base,
        deprecated: operation.deprecated === true,
        sunset: operation['x-sunset'],
        deprecationDate: operation['x-deprecation-date'],
      })
    }
  }
  return routes
}

/** Every operation of the spec with its method, path and base. */
export const routes: ReadonlyArray<RouteSpec> = toRoutes()
