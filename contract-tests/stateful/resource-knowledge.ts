import type { Pet } from '../../spec/types.ts'
import type { SuiteData } from '../shared/suite-data.ts'

/** Which resources a command picks from: live ones, live ones this phase created, or removed ones. */
type ResourceKind = 'live' | 'own' | 'removed'

/** The query parameters a list is sent with, by name. */
export type ListQuery = Readonly<Record<string, string | number>>

/**
 * What the run knows for certain of the target's resources: those it listed at the start and those it
 * created, each with the fields it has (as the run's own updates left them), and those it removed. It changes
 * only through the run's own requests (a resource it did not create it never changes or removes), so it stays
 * true whatever else writes to the target, and every judgement made from it is one the interface backs.
 * @example const knowledge = new ResourceKnowledge(data); knowledge.matching({ status: 'sold' }).length
 */
export class ResourceKnowledge {
  private readonly live = new Map<string, Pet>()
  private readonly gone = new Map<string, Pet>()
  /** Ids of the live resources this phase created: the only ones it may remove. */
  private readonly own = new Set<string>()
  /** Resources this phase created. */
  created = 0
  /** The lists sent so far, so that one can be asked again after the store changed. */
  readonly listQueries: Array<{ operationId: string; query: ListQuery }> = []

  constructor(data: Pick<SuiteData, 'listed' | 'created'>) {
    for (const pet of [...data.listed, ...data.created]) this.live.set(String(pet.id), pet)
  }

  /** How many live resources the run knows. */
  get size(): number {
    return this.live.size
  }

  /** Whether the id was ever given to a resource the run knows, removed ones included. */
  has(id: Pet['id']): boolean {
    return this.live.has(String(id)) || this.gone.has(String(id))
  }

  get(id: Pet['id']): Pet | undefined {
    return this.live.get(String(id))
  }

  /** A resource this run removed, which no read or list may return any more. */
  removed(id: Pet['id']): Pet | undefined {
    return this.gone.get(String(id))
  }

  add(pet: Pet): void {
    this.live.set(String(pet.id), pet)
    this.own.add(String(pet.id))
    this.created++
  }

  /** A live resource as a change this run made left it: later reads and lists must show it so. */
  update(pet: Pet): void {
    if (this.live.has(String(pet.id))) this.live.set(String(pet.id), pet)
  }

  remove(pet: Pet): void {
    this.live.delete(String(pet.id))
    this.own.delete(String(pet.id))
    this.gone.set(String(pet.id), pet)
  }

  /** The live resources a list with these filters (field → value) must hold when it holds fewer than its limit. */
  matching(filters: Readonly<Record<string, unknown>>): Array<Pet> {
    const entries = Object.entries(filters).filter(([, value]) => value !== undefined)
    return [...this.live.values()].filter((pet) =>
      entries.every(([field, value]) => (pet as unknown as Record<string, unknown>)[field] === value),
    )
  }

  /** How many resources the run knows of a kind: `live`, `own` (live and created by this phase), `removed`. */
  count(kind: ResourceKind): number {
    return kind === 'live' ? this.live.size : kind === 'own' ? this.own.size : this.gone.size
  }

  /** A resource of a kind, chosen by a generated index; a negative one counts from the newest (-1 for it). */
  pick(kind: ResourceKind, index: number): Pet | undefined {
    if (kind === 'live') return pickFrom([...this.live.values()], index)
    if (kind === 'removed') return pickFrom([...this.gone.values()], index)
    return pickFrom(
      [...this.own].map((id) => this.live.get(id) as Pet),
      index,
    )
  }
}

function pickFrom<T>(items: ReadonlyArray<T>, index: number): T | undefined {
  return items.at(index % Math.max(1, items.length))
}
