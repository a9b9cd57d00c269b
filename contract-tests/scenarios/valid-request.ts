import type { OperationSpec } from '../../spec/operations.ts'
import { operations } from '../../spec/operations.ts'
import { namingRole, statefulRoles } from '../../spec/relations.ts'
import { resourceOf } from '../../spec/resources.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import { dataOf, type SuiteData } from '../shared/suite-data.ts'
import { taggedBody } from '../shared/tagged-body.ts'

/** Why a check of an unsafe operation that names a resource is skipped. */
export const notCreated =
  'This run created none of what the request names, and names in an unsafe request only what it created.'

/**
 * A request the operation accepts, so that only what a check varies can make it fail: the spec's sample
 * request, its body's free text named after the run (`taggedBody`), its path parameters naming a resource the run
 * may touch, of the kind the operation's link names (an owner for `getOwner`). A safe operation names one the
 * target lists; an unsafe one only one this run created (never one somebody else owns, were its authentication
 * broken): undefined when it names one and the run created none.
 * @example validRequest(operations.getOwner, context.data) // { params: { ownerId: '3f8a…' } }
 */
export function validRequest(operation: OperationSpec, data: SuiteData): CallOptions | undefined {
  const { sample } = operation
  const role = namingRole(statefulRoles[operation.operationId])
  const named = role?.link.parameter
  const { listed, created } = dataOf(data, operation.operationId)
  const resources = operation.safe ? [...listed, ...created] : created
  const known = role && (resources[0]?.[role.link.field] as string | number | bigint | undefined)
  if (known === undefined && !operation.safe && named !== undefined) return undefined
  const params = { ...sample.params, ...(named !== undefined && known !== undefined && { [named]: known }) }
  // What a resource's create (or change) takes is traced to the run; another body is sent as the spec's example.
  const json = resourceOf(operation.operationId)
    ? taggedBody(operation.operationId, `${data.runTag}-${operation.operationId}`)
    : sample.json
  return { params, ...(json !== undefined && { json }) }
}

/**
 * A valid request to send as it is: `validRequest`, except that an unsafe operation which names a resource
 * (one the spec links from a creator: an update, a removal, whatever its role) names a resource created for
 * this one request, so that no check changes or removes a resource another check relies on, or one the run
 * did not create. Undefined when the request cannot be built that way (the run created nothing, or the
 * creator refused).
 * @example const request = await sendableRequest(operations.getPet, context)
 */
export async function sendableRequest(
  operation: OperationSpec,
  context: Pick<ScenarioContext, 'client' | 'data'>,
): Promise<CallOptions | undefined> {
  const request = validRequest(operation, context.data)
  const role = namingRole(statefulRoles[operation.operationId])
  if (!request || !role || operation.safe) return request
  const creator = validRequest(operations[role.creator], context.data)
  const exchange = await context.client.call(role.creator, { ...creator, record: false })
  const created = exchange.response?.json as Record<string, unknown> | undefined
  const id = exchange.response && exchange.response.status < 300 ? created?.[role.link.field] : undefined
  if (typeof id !== 'number' && typeof id !== 'bigint' && typeof id !== 'string') return undefined
  return { ...request, params: { ...request.params, [role.link.parameter]: id } }
}
