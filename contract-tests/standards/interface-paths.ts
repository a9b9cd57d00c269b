import { type ApiBase, type OperationSpec, operationList, operations } from '../../spec/operations.ts'
import { namingRole, statefulRoles } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import type { ScenarioContext } from '../shared/scenario.ts'

/** One path of the interface with the operations it has, from the catalogue. */
export interface InterfacePath {
  base: ApiBase
  /** As the spec writes it: `/owners/{ownerId}`. */
  path: string
  /** The described operations on it, in spec order. */
  operations: ReadonlyArray<OperationSpec>
  /** The path parameter that names a created resource (from the spec's links), and what creates one. */
  resource?: { parameter: string; field: string; creator: OperationId }
}

function resourceOf(operations: ReadonlyArray<OperationSpec>): InterfacePath['resource'] {
  for (const { operationId } of operations) {
    const role = namingRole(statefulRoles[operationId])
    if (role) return { parameter: role.link.parameter, field: role.link.field, creator: role.creator }
  }
  return undefined
}

/**
 * Every path of the interface (the operations it describes), each with its operations: what "every method on
 * every path" ranges over. A new operation in the spec joins its path here with no edit.
 * @example interfacePaths.map((path) => path.path) // ['/pets', '/pets/{…}', '/messages']
 */
export const interfacePaths: ReadonlyArray<InterfacePath> = [
  ...new Set(operationList.filter((op) => op.described).map((op) => `${op.base} ${op.path}`)),
].map((key) => {
  const mine = operationList.filter((op) => op.described && `${op.base} ${op.path}` === key)
  const first = mine[0] as OperationSpec
  return { base: first.base, path: first.path, operations: mine, resource: resourceOf(mine) }
})

/** The methods a path has, HEAD counted wherever GET is (RFC 9110 section 9.1). */
export const methodsOf = (path: InterfacePath): ReadonlySet<string> =>
  new Set(path.operations.flatMap((op) => (op.method === 'GET' ? ['GET', 'HEAD'] : [op.method])))

/**
 * A request to the path with another method than its operations': sent as its first operation (so that it
 * reaches the same URL) with `method`, naming a resource the target lists (a safe method) or one created for
 * this request (any other: it could change or remove what it names). Undefined when none can be named.
 * @example const request = await requestOnPath(path, 'PATCH', context)
 */
export async function requestOnPath(
  path: InterfacePath,
  method: string,
  context: Pick<ScenarioContext, 'client' | 'data'>,
): Promise<(CallOptions & { operationId: OperationId }) | undefined> {
  const first = path.operations[0] as OperationSpec
  const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
  const sample = validRequest({ ...first, safe: true }, context.data) ?? {}
  const base = { operationId: first.operationId, method, params: sample.params }
  if (!path.resource || safe) return base
  const { creator, field, parameter } = path.resource
  const creation = validRequest(operations[creator], context.data)
  if (!creation) return undefined
  const exchange = await context.client.call(creator, { ...creation, record: false })
  const created = exchange.response?.json as Record<string, unknown> | undefined
  const id = exchange.response && exchange.response.status < 300 ? created?.[field] : undefined
  if (typeof id !== 'number' && typeof id !== 'bigint' && typeof id !== 'string') return undefined
  return { ...base, params: { ...base.params, [parameter]: id } }
}
