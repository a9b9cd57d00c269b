import { isInt64 } from '../../spec/int64.ts'
import type { Pet, PetStatus } from '../../spec/types.ts'
import type { Exchange } from './exchange.ts'

/** What the run knows of the target's pets, gathered once before the scenarios. */
export interface SuiteData {
  /** Pets this run created (empty when read-only). */
  created: Array<Pet>
  /** `GET /pets?limit=100` at the start, after creating. */
  listed: Array<Pet>
  /** How many pets exist at least; exact when `listed` holds fewer than 100. */
  totalAtLeast: number
  totalExact: boolean
  /** At least how many pets of each status exist. */
  statusAtLeast: Record<PetStatus, number>
  /** A tag unique to this run, in the names of the pets it creates. */
  runTag: string
  setupExchanges: Array<Exchange>
}

/**
 * Whether a value has the fields of a Pet the suite relies on: an integer id, a name, an integer categoryId.
 * @example isPet({ id: 1, name: 'Rex', categoryId: 2 }) // true
 */
export function isPet(value: unknown): value is Pet {
  const pet = value as Pet
  return (
    typeof pet === 'object' &&
    pet !== null &&
    isInt64(pet.id) &&
    typeof pet.name === 'string' &&
    isInt64(pet.categoryId)
  )
}
