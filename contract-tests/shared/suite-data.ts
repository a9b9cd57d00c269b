import { isResource, listedResource, resourceOf } from '../../spec/resources.ts'
import type { OperationId, Pet, PetStatus } from '../../spec/types.ts'
import type { Exchange } from './exchange.ts'

/** A resource as the target answered it: a JSON object, its fields by name. */
export type Resource = Readonly<Record<string, unknown>>

/** What the run knows of one kind of resource before the scenarios. */
export interface ResourceData {
  /** Those this run created (none when read-only). */
  created: Array<Resource>
  /** The first page of its list at its largest `limit`, after creating (none when it has no list). */
  listed: Array<Resource>
}

/** What the run knows of the target's resources, gathered once before the scenarios. */
export interface SuiteData {
  /**
   * Every kind of resource of the spec (`spec/resources.ts`) by its creating operation, the pets included (the
   * same lists as `created` and `listed`): what a request that names one takes its id from.
   */
  resources: Readonly<Record<string, ResourceData>>
  /** Pets this run created (empty when read-only). */
  created: Array<Pet>
  /** `GET /pets?limit=100` at the start, after creating. */
  listed: Array<Pet>
  /** At least how many pets of each status exist. */
  statusAtLeast: Record<PetStatus, number>
  /** A tag unique to this run, in the names of the pets it creates. */
  runTag: string
  setupExchanges: Array<Exchange>
}

const pets = listedResource('listPets')

/**
 * Whether a value has the fields of a Pet the suite relies on (`isResource` by the `Pet` schema: an int64 id, a
 * name, an int64 categoryId).
 * @example isPet({ id: 1, name: 'Rex', categoryId: 2 }) // true
 */
export function isPet(value: unknown): value is Pet {
  return isResource(pets, value)
}

/**
 * What the run knows of the resource an operation acts on (the one it creates, reads, lists, …): none known for
 * an operation that acts on none.
 * @example dataOf(context.data, 'getCategory').listed
 */
export function dataOf(data: Pick<SuiteData, 'resources'>, operationId: OperationId): ResourceData {
  const resource = resourceOf(operationId)
  return (resource && data.resources?.[resource.creator]) || { created: [], listed: [] }
}
