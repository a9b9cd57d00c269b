import { operations } from '../../spec/operations.ts'
import type { PathParameterValue } from '../../spec/path-value.ts'
import { type ResourceSpec, resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { newIds } from './new-ids.ts'
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

/** What a collection reads of its kind's row (`spec/resources.ts`): its id's field and schema, and its noun. */
type CollectionKind = Pick<ResourceSpec, 'id' | 'noun'>

/**
 * The resources of one kind (any but the pets, which have their `PetTable`), in the order they were created, keyed
 * by id: what the generic list, read and create operations serve. Ids come from the id's schema (`newIds`): a
 * sequence, a UUID, a value of its pattern. Records are frozen and `revision` goes up with every change, so that
 * what is derived from them may be cached. It starts from its seed and goes back to it on `reset`, ids included.
 * @example const owners = new ResourceCollection(resources.createOwner, [{ name: 'Ada', email: 'ada@example.com' }])
 */
export class ResourceCollection {
  readonly #kind: CollectionKind
  readonly #seed: ReadonlyArray<StoredResource>
  readonly #maxSize: number
  readonly #ids: ReturnType<typeof newIds>
  #all: Array<StoredResource> = []
  /** By the id's text: `42`, a UUID in lower case. */
  #byId = new Map<string, StoredResource>()
  #revision = 0

  constructor(
    kind: CollectionKind,
    seed: ReadonlyArray<Readonly<Record<string, unknown>>>,
    { maxSize, seed: modelSeed }: { maxSize: number; seed: number },
  ) {
    this.#kind = kind
    this.#maxSize = maxSize
    this.#ids = newIds(kind.id, modelSeed)
    const field = kind.id.field
    const taken = new Set<string>()
    this.#seed = seed.map((body) => {
      const id = this.#ids.next(taken)
      taken.add(String(id))
      return Object.freeze({ [field]: id, ...withoutId(body, field) })
    })
    this.reset()
  }

  /** Goes up with every change, so callers can cache what they derive from the records. */
  get revision(): number {
    return this.#revision
  }

  /** The records in the order they were created, only those whose fields equal every filter, at most `limit`. */
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

  /** The record of an id, as its schema reads it (`PathValue.read`): none for an id no record has. */
  find(id: PathParameterValue): StoredResource | undefined {
    return this.#byId.get(String(id))
  }

  /**
   * Stores a record under a new id from the id's schema; an id in `body` is ignored. The body is one the caller has
   * checked against the spec already.
   * @throws StoreFullError when the collection holds its most records already
   */
  create(body: Readonly<Record<string, unknown>>): StoredResource {
    if (this.#all.length >= this.#maxSize) throw new StoreFullError(this.#maxSize, this.#kind.noun)
    const id = this.#ids.next(this.#byId)
    const record = Object.freeze({ [this.#kind.id.field]: id, ...withoutId(body, this.#kind.id.field) })
    this.#all.push(record)
    this.#byId.set(String(id), record)
    this.#revision++
    return record
  }

  /** Back to the seeded records, ids included. */
  reset(): void {
    this.#all = [...this.#seed]
    this.#byId = new Map(this.#seed.map((record) => [String(record[this.#kind.id.field]), record]))
    this.#ids.restart(this.#seed.length)
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
 * The generic collections of a model, each holding at most `maxSize` records, their ids drawn from `seed`.
 * @example const collections = resourceCollections({ maxSize: 1000, seed: 1 }); collections.of('createCategory')
 */
export function resourceCollections(options: { maxSize: number; seed: number }): ResourceCollections {
  const made = new Map<string, ResourceCollection>()
  return {
    of(creator) {
      let collection = made.get(creator)
      if (collection) return collection
      const resource = resources[creator]
      if (!resource) throw new TypeError(`Failed to find the resource "${creator}" creates: the spec has none.`)
      collection = new ResourceCollection(resource, seedOf(creator), options)
      made.set(creator, collection)
      return collection
    },
    reset() {
      for (const collection of made.values()) collection.reset()
    },
  }
}
