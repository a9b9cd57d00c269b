// faker's locale-free entry point and a copy of the one English list the seeding reads: a bundle for the
// browser then carries no locale data at all (faker's English alone is 290 kB).
import { faker } from '@faker-js/faker/locale/base'
import fixturePets from '../../fixtures/pets.json' with { type: 'json' }
import { newPetSchema, petStatuses } from '../../spec/schemas.ts'
import type { NewPet } from '../../spec/types.ts'
import { petNames } from './pet-names.ts'

interface SeedOptions {
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
      // What faker's English `animal.petName()` draws: the same list, the same generator.
      name: faker.helpers.arrayElement(petNames),
      categoryId: faker.number.int({ min: 1, max: 12 }),
      status: faker.helpers.arrayElement(petStatuses),
    })
  }
  return pets
}
