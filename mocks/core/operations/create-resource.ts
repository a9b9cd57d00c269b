import { resourceOf } from '../../../spec/resources.ts'
import { jsonResponse } from '../mock-response.ts'
import { readJsonBody } from '../read-json-body.ts'
import { storeFull } from '../store-full.ts'
import { validateBody } from '../validate-body.ts'
import type { Operation } from './operation.ts'

/**
 * The create of any kind of resource (`POST /categories`): the body checked against the spec's request schema,
 * then stored under a fresh id and answered with the creator's status; 507 when the collection is full.
 * @example const operations = { createCategory: createResource }
 */
export const createResource: Operation = async ({ request, model, route }) => {
  const resource = resourceOf(route.operationId)
  if (!resource || !route.requestSchema)
    throw new TypeError(`Failed to serve "${route.operationId}": the spec gives it no resource or request body.`)
  const body = validateBody(route.requestSchema, await readJsonBody(request))
  try {
    return jsonResponse(
      resource.createdStatus,
      model.resources.of(resource.creator).create(body as Record<string, unknown>),
    )
  } catch (error) {
    return storeFull(error)
  }
}
