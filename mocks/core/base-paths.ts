import type { ApiBase, OperationSpec } from '../../spec/operations.ts'

/** The path each base puts before the spec's paths, as clients send them: `/v1` before `/pets`. */
export type BasePaths = Readonly<Record<ApiBase, string>>

/** The bases of the interface document and of the standalone server: the pets API under `/v1`, messages at the root. */
export const specBasePaths: BasePaths = { pets: '/v1', messages: '' }

/**
 * The path templates that name an operation: the mock's own form (`/api/v1/owners/{ownerId}` under the base
 * `/api/v1`) first, then the spec's (`/v1/owners/{ownerId}`) when it differs. Rules and journal filters take either.
 * @example operationPaths(operations.getPet, { pets: '/api/v1', messages: '' }) // ['/api/v1/pets/{…}', '/v1/…']
 */
export function operationPaths(route: OperationSpec, basePaths: BasePaths): Array<string> {
  const own = `${basePaths[route.base]}${route.path}`
  const spec = `${specBasePaths[route.base]}${route.path}`
  return own === spec ? [own] : [own, spec]
}
