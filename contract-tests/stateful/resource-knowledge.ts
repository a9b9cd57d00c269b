import type { Pet } from '../../spec/types.ts'
import type { SuiteData } from '../model/suite-data.ts'

/** The query parameters a list is sent with, by name. */
export type ListQuery = Readonly<Record<string, string | number>>

/**
 * What the run knows for certain of the target's resources: those it listed at the start and those it
 * created, each with the fields it has, and those it removed. It changes only through the run's own
 * requests (a resource it did not create it never removes), so it stays true whatever else writes to the
 * target, and every judgement made from it is one the interface backs.
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

  /** How many live resources this phase created, and so may remove. */
  get ownSize(): number {
    return this.own.size
  }

  get removedSize(): number {
    return this.gone.size
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

  /** A live resource, chosen by a generated index. */
  pick(index: number): Pet | undefined {
    return pickFrom([...this.live.values()], index)
  }

  /** A live resource this phase created, chosen by a generated index. */
  pickOwn(index: number): Pet | undefined {
    return pickFrom(
      [...this.own].map((id) => this.live.get(id) as Pet),
      index,
    )
  }

  /** A removed resource, chosen by a generated index. */
  pickRemoved(index: number): Pet | undefined {
    return pickFrom([...this.gone.values()], index)
  }
}

function pickFrom<T>(items: ReadonlyArray<T>, index: number): T | undefined {
  return items[index % Math.max(1, items.length)]
}
