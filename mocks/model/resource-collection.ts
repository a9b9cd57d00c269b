import { operations } from '../../spec/operations.ts'
import { resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { InvalidPetsError } from './parse-pets.ts'
import { StoreFullError } from './pet-table.ts'
import { resourceSeeds } from './resource-seeds.ts'

/** A resource as a collection stores it: the fields its creator took, and the id the collection gave it. */
type StoredResource = Readonly<Record<string, unknown>>

/** What a list asks for: at most `limit`, only those whose fields equal `filters`. */
interface ResourceFilter {
  limit: number
  filters?: Readonly<Record<string, unknown>>
}

/**
 * The resources of one kind (any but the pets, which have their `PetTable`), in id order, keyed by id: what the
 * generic list, read and create operations serve. Records are frozen and `revision` goes up with every change, so
 * that what is derived from them may be cached. It starts from its seed and goes back to it on `reset`.
 * @example const categories = new ResourceCollection('id', [{ name: 'Dogs' }], 1000); categories.find(1)
 */
export class ResourceCollection {
  readonly #idField: string
  readonly #seed: ReadonlyArray<StoredResource>
  readonly #maxSize: number
  #all: Array<StoredResource> = []
  #byId = new Map<number, StoredResource>()
  #lastId = 0
  #revision = 0

  constructor(idField: string, seed: ReadonlyArray<Readonly<Record<string, unknown>>>, maxSize: number) {
    this.#idField = idField
    this.#maxSize = maxSize
    this.#seed = seed.map((body, index) => Object.freeze({ [idField]: index + 1, ...withoutId(body, idField) }))
    this.reset()
  }

  /** Goes up with every change, so callers can cache what they derive from the records. */
  get revision(): number {
    return this.#revision
  }

  /** The records in id order, only those whose fields equal every filter, at most `limit`. */
  list({ limit, filters = {} }: ResourceFilter): ReadonlyArray<StoredResource> {
    const entries = Object.entries(filters)
    if (entries.length === 0) return this.#all.slice(0, limit)
    const kept: Array<StoredResource> = []
    for (const record of this.#all) {
      if (kept.length >= limit) break
      if (entries.every(([field, value]) => record[field] === value)) kept.push(record)
    }
    return kept
  }

  find(id: number): StoredResource | undefined {
    return this.#byId.get(id)
  }

  /**
   * Stores a record under the next id; an id in `body` is ignored. The body is one the caller has checked against
   * the spec already.
   * @throws StoreFullError when the collection holds its most records already
   */
  create(body: Readonly<Record<string, unknown>>): StoredResource {
    if (this.#all.length >= this.#maxSize) throw new StoreFullError(this.#maxSize, 'resource')
    const record = Object.freeze({ [this.#idField]: ++this.#lastId, ...withoutId(body, this.#idField) })
    this.#all.push(record)
    this.#byId.set(this.#lastId, record)
    this.#revision++
    return record
  }

  /** Back to the seeded records, ids included. */
  reset(): void {
    this.#all = [...this.#seed]
    this.#byId = new Map(this.#seed.map((record) => [record[this.#idField] as number, record]))
    this.#lastId = this.#seed.length
    this.#revision++
  }
}

function withoutId(body: Readonly<Record<string, unknown>>, idField: string): Record<string, unknown> {
  const { [idField]: _id, ...fields } = body
  return fields
}

/** The seed of a kind, each record checked against its creator's request schema once. */
const checkedSeeds = new Map<string, ReadonlyArray<Readonly<Record<string, unknown>>>>()

function seedOf(creator: string): ReadonlyArray<Readonly<Record<string, unknown>>> {
  let seed = checkedSeeds.get(creator)
  if (seed) return seed
  const schema = operations[creator as OperationId]?.requestSchema
  seed = (resourceSeeds[creator] ?? []).map((body, index) => {
    const parsed = schema?.safeParse(body)
    if (parsed && !parsed.success)
      throw new InvalidPetsError(
        `Failed to seed what ${creator} creates: entry ${index} of mocks/model/resource-seeds.ts is not a body it ` +
          `takes (${parsed.error.issues[0]?.message}).`,
      )
    return (parsed?.data ?? body) as Readonly<Record<string, unknown>>
  })
  checkedSeeds.set(creator, seed)
  return seed
}

/** The collections of one model, one per kind it serves from them, made on first need. */
export interface ResourceCollections {
  /**
   * The collection of what `creator` creates.
   * @throws TypeError when the spec has no such resource
   */
  of(creator: string): ResourceCollection
  /** Every collection back to its seed. */
  reset(): void
}

/**
 * The generic collections of a model, each holding at most `maxSize` records.
 * @example const collections = resourceCollections(1000); collections.of('createCategory').list({ limit: 20 })
 */
export function resourceCollections(maxSize: number): ResourceCollections {
  const made = new Map<string, ResourceCollection>()
  return {
    of(creator) {
      let collection = made.get(creator)
      if (collection) return collection
      const resource = resources[creator]
      if (!resource) throw new TypeError(`Failed to find the resource "${creator}" creates: the spec has none.`)
      collection = new ResourceCollection(resource.idField, seedOf(creator), maxSize)
      made.set(creator, collection)
      return collection
    },
    reset() {
      for (const collection of made.values()) collection.reset()
    },
  }
}
