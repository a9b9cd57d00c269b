// The English-only entry point loads one locale instead of all of them (a third of the start-up time).
import { faker } from '@faker-js/faker/locale/en'
import fixturePets from '../../fixtures/pets.json' with { type: 'json' }
import { newPetSchema, petStatuses } from '../../spec/schemas.ts'
import type { NewPet } from '../../spec/types.ts'

export interface SeedOptions {
  /** Faker seed: the same seed gives the same pets. */
  seed: number
  /** How many pets in all: the named fixtures first, then faker-generated ones. */
  count: number
  /** The named pets to start with. Default: `fixtures/pets.json`. */
  fixtures?: ReadonlyArray<NewPet>
}

/** The named pets of `fixtures/pets.json`, checked against the spec's `NewPet` on load. */
export const fixtures: ReadonlyArray<NewPet> = fixturePets.map((pet, index) => {
  const result = newPetSchema.safeParse(pet)
  if (!result.success)
    throw new TypeError(
      `Failed to load fixtures/pets.json: entry ${index} is not a valid NewPet (${result.error.issues[0]?.message}).`,
    )
  return result.data
})

/**
 * The pets a model starts with: fixtures, then seeded faker pets up to `count`. Deterministic.
 * @example seedPets({ seed: 1, count: 50 }).length // 50
 */
export function seedPets({ seed, count, fixtures: named = fixtures }: SeedOptions): Array<NewPet> {
  const pets = named.slice(0, count)
  // Seeded right before the synchronous loop, so the shared instance gives the same pets every time.
  faker.seed(seed)
  while (pets.length < count) {
    pets.push({
      name: faker.animal.petName(),
      categoryId: faker.number.int({ min: 1, max: 12 }),
      status: faker.helpers.arrayElement(petStatuses),
    })
  }
  return pets
}
