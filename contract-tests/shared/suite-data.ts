import { resourceOf } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import type { Exchange } from './exchange.ts'

/** A resource as the target answered it: a JSON object, its fields by name. */
export type Resource = Readonly<Record<string, unknown>>

/** A request body the suite sends: a JSON object, its fields by name. */
export type Body = Record<string, unknown>

/** What the run knows of one kind of resource before the scenarios. */
export interface ResourceData {
  /** Those this run created (none when read-only). */
  created: Array<Resource>
  /** The first page of its list at its largest `limit`, after creating (none when it has no list). */
  listed: Array<Resource>
  /**
   * At least how many the target holds of each value of each filter of its list, by query parameter and value
   * (`{ status: { sold: 7 } }`): what a filtered list checked below its limit must return.
   */
  atLeast?: Readonly<Record<string, Readonly<Record<string, number>>>>
}

/** What the run knows of the target's resources, gathered once before the scenarios. */
export interface SuiteData {
  /**
   * Every kind of resource of the spec (`spec/resources.ts`) by its creating operation: what a request that names
   * one takes its id from.
   */
  resources: Readonly<Record<string, ResourceData>>
  /** A tag unique to this run, in the text fields of what it creates. */
  runTag: string
  setupExchanges: Array<Exchange>
}

const none: ResourceData = { created: [], listed: [], atLeast: {} }

/**
 * What the run knows of the resource an operation acts on (the one it creates, reads, lists, …): none known for
 * an operation that acts on none.
 * @example dataOf(context.data, 'getCategory').listed
 */
export function dataOf(data: Pick<SuiteData, 'resources'>, operationId: OperationId): ResourceData {
  const resource = resourceOf(operationId)
  return (resource && data.resources?.[resource.creator]) || none
}
