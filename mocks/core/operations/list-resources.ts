import { stringifyJson } from '../../../spec/json/stringify-json.ts'
import { listedResource } from '../../../spec/resources.ts'
import type { ResourceCollection } from '../../model/resource-collection.ts'
import type { ListQuery } from '../list-query.ts'
import { listQuery } from '../list-query.ts'
import { jsonTextResponse } from '../mock-response.ts'
import type { Operation } from './operation.ts'

/**
 * The list of any kind of resource the spec gives an `x-collection` (`GET /categories`): a bare array in id order,
 * its filters applied before its `limit`, both read by its rules from the spec.
 * @example const operations = { listCategories: listResources }
 */
export const listResources: Operation = ({ request, model, route }) => {
  const resource = listedResource(route.operationId)
  const collection = model.resources.of(resource.creator)
  return jsonTextResponse(200, serializedList(collection, listQuery(request, resource.list)))
}

const caches = new WeakMap<ResourceCollection, { revision: number; lists: WeakMap<ListQuery, string> }>()

/** The list as JSON, serialized once per query until the collection changes. */
function serializedList(collection: ResourceCollection, query: ListQuery): string {
  let cache = caches.get(collection)
  if (!cache || cache.revision !== collection.revision) {
    cache = { revision: collection.revision, lists: new WeakMap() }
    caches.set(collection, cache)
  }
  let json = cache.lists.get(query)
  if (json === undefined) {
    json = stringifyJson(collection.list(query))
    cache.lists.set(query, json)
  }
  return json
}
