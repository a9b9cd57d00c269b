import { resources } from '../../spec/resources.ts'
import type { Resource, SuiteData } from '../shared/suite-data.ts'

/** Which resources a command picks from: live ones, live ones this phase created, or removed ones. */
type ResourceKind = 'live' | 'own' | 'removed'

/** The query parameters a list is sent with, by name. */
export type ListQuery = Readonly<Record<string, string | number>>

/** An id as a resource holds it: a number, a bigint beyond 2^53, or text. */
type Id = unknown

/**
 * What the run knows for certain of one kind of resource (those one operation creates): those it listed at the
 * start and those it created, each with the fields it has (as the run's own updates left them), and those it
 * removed, each keyed by the field its creator's links hand on.
 */
class KnownResources {
  private readonly live = new Map<string, Resource>()
  private readonly gone = new Map<string, Resource>()
  /** Ids of the live resources this phase created: the only ones it may remove. */
  private readonly own = new Set<string>()
  /** Resources this phase created. */
  created = 0

  constructor(
    /** The field that identifies one (`id`). */
    readonly idField: string,
    known: ReadonlyArray<Resource> = [],
  ) {
    for (const resource of known) this.live.set(this.key(resource), resource)
  }

  private key(resource: Resource): string {
    return String(resource[this.idField])
  }

  /** How many live resources the run knows. */
  get size(): number {
    return this.live.size
  }

  /** Whether the id was ever given to a resource the run knows, removed ones included. */
  has(id: Id): boolean {
    return this.live.has(String(id)) || this.gone.has(String(id))
  }

  get(id: Id): Resource | undefined {
    return this.live.get(String(id))
  }

  /** A resource this run removed, which no read or list may return any more. */
  removed(id: Id): Resource | undefined {
    return this.gone.get(String(id))
  }

  add(resource: Resource): void {
    this.live.set(this.key(resource), resource)
    this.own.add(this.key(resource))
    this.created++
  }

  /** A live resource as a change this run made left it: later reads and lists must show it so. */
  update(resource: Resource): void {
    if (this.live.has(this.key(resource))) this.live.set(this.key(resource), resource)
  }

  remove(resource: Resource): void {
    this.live.delete(this.key(resource))
    this.own.delete(this.key(resource))
    this.gone.set(this.key(resource), resource)
  }

  /** The live resources a list with these filters (field → value) must hold when it holds fewer than its limit. */
  matching(filters: Readonly<Record<string, unknown>>): Array<Resource> {
    const entries = Object.entries(filters).filter(([, value]) => value !== undefined)
    return [...this.live.values()].filter((resource) => entries.every(([field, value]) => resource[field] === value))
  }

  /** How many resources the run knows of a kind: `live`, `own` (live and created by this phase), `removed`. */
  count(kind: ResourceKind): number {
    return kind === 'live' ? this.live.size : kind === 'own' ? this.own.size : this.gone.size
  }

  /** A resource of a kind, chosen by a generated index; a negative one counts from the newest (-1 for it). */
  pick(kind: ResourceKind, index: number): Resource | undefined {
    if (kind === 'live') return pickFrom([...this.live.values()], index)
    if (kind === 'removed') return pickFrom([...this.gone.values()], index)
    return pickFrom(
      [...this.own].map((id) => this.live.get(id) as Resource),
      index,
    )
  }
}

/**
 * What the run knows for certain of the target's resources, one `KnownResources` per kind (per creating
 * operation, `spec/resources.ts`): ids are told apart within a kind only, and each kind is judged by its own
 * schema. It changes only through the run's own requests (a resource it did not create it never changes or
 * removes), so it stays true whatever else writes to the target, and every judgement made from it is one the
 * interface backs.
 * @example const knowledge = new ResourceKnowledge(data); knowledge.of('createPet').matching({ status: 'sold' })
 */
export class ResourceKnowledge {
  private readonly kinds = new Map<string, KnownResources>()
  /** The lists sent so far, so that one can be asked again after the store changed. */
  readonly listQueries: Array<{ operationId: string; query: ListQuery }> = []

  constructor(data: Pick<SuiteData, 'resources'>) {
    for (const [creator, { listed, created }] of Object.entries(data.resources ?? {}))
      this.kinds.set(creator, new KnownResources(resources[creator]?.idField ?? 'id', [...listed, ...created]))
  }

  /** What the run knows of the resources `creator` creates. */
  of(creator: string): KnownResources {
    let known = this.kinds.get(creator)
    if (!known) {
      known = new KnownResources(resources[creator]?.idField ?? 'id')
      this.kinds.set(creator, known)
    }
    return known
  }

  /** How many live resources the run knows, of every kind. */
  get size(): number {
    return [...this.kinds.values()].reduce((sum, known) => sum + known.size, 0)
  }

  /** How many resources this phase created, of every kind. */
  get created(): number {
    return [...this.kinds.values()].reduce((sum, known) => sum + known.created, 0)
  }
}

function pickFrom<T>(items: ReadonlyArray<T>, index: number): T | undefined {
  return items.at(index % Math.max(1, items.length))
}
