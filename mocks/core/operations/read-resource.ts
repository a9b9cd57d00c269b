import { resourceOf } from '../../../spec/resources.ts'
import { MockError } from '../mock-error.ts'
import { jsonResponse } from '../mock-response.ts'
import { parseResourceId } from '../parse-resource-id.ts'
import type { Operation } from './operation.ts'

const headers = { 'content-type': 'application/json' }

/**
 * The read by id of any kind of resource a creator links to (`GET /owners/{ownerId}`): 200 with it, 404 when there
 * is none, 400 for an id its parameter's schema refuses.
 * @example const operations = { getOwner: readResource }
 */
export const readResource: Operation = ({ request, model, route }) => {
  const resource = resourceOf(route.operationId)
  if (!resource?.read) throw new TypeError(`Failed to serve "${route.operationId}": the spec links no resource to it.`)
  const id = parseResourceId(route, request.params, headers)
  const found = model.resources.of(resource.creator).find(id)
  if (!found) throw new MockError(404, 'not_found', `No ${resource.noun} with id ${id}.`, headers)
  return jsonResponse(200, found)
}
