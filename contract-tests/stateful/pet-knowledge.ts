import type { Pet, PetStatus } from '../../spec/types.ts'
import type { SuiteData } from '../model/suite-data.ts'

/**
 * What the run knows for certain of the target's pets: those it listed at the start and those it created,
 * each with the fields it has. It only grows (the interface has no delete or update), so it stays true
 * whatever else writes to the target, and every judgement made from it is one the interface backs.
 * @example const knowledge = new PetKnowledge(data); knowledge.matching('sold').length
 */
export class PetKnowledge {
  private readonly pets = new Map<string, Pet>()
  /** Pets this phase created. */
  created = 0
  /** The list queries sent so far, so a list can be asked again after the store changed. */
  readonly listQueries: Array<{ limit?: number; status?: PetStatus }> = []

  constructor(data: Pick<SuiteData, 'listed' | 'created'>) {
    for (const pet of [...data.listed, ...data.created]) this.pets.set(String(pet.id), pet)
  }

  get size(): number {
    return this.pets.size
  }

  has(id: Pet['id']): boolean {
    return this.pets.has(String(id))
  }

  get(id: Pet['id']): Pet | undefined {
    return this.pets.get(String(id))
  }

  add(pet: Pet): void {
    this.pets.set(String(pet.id), pet)
    this.created++
  }

  /** The known pets a list with this filter must hold, when it holds fewer than its limit. */
  matching(status: PetStatus | undefined): Array<Pet> {
    const all = [...this.pets.values()]
    return status === undefined ? all : all.filter((pet) => pet.status === status)
  }

  /** A known pet, chosen by a generated index. */
  pick(index: number): Pet | undefined {
    const all = [...this.pets.values()]
    return all[index % Math.max(1, all.length)]
  }
}
