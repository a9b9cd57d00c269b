import { en, fakerEN } from '@faker-js/faker'
import { expect, it } from 'vitest'
import { petNames } from './pet-names.ts'
import { seedPets } from './seed-pets.ts'

it("holds faker's English pet names (run `npm run generate` after upgrading faker)", () => {
  expect(petNames).toEqual(en.animal?.pet_name)
})

it("seeds the pets faker's English instance would give for the same seed", () => {
  fakerEN.seed(7)
  const expected = Array.from({ length: 30 }, () => ({
    name: fakerEN.animal.petName(),
    categoryId: fakerEN.number.int({ min: 1, max: 12 }),
    status: fakerEN.helpers.arrayElement(['available', 'pending', 'sold']),
  }))
  expect(seedPets({ seed: 7, count: 30, fixtures: [] })).toEqual(expected)
})
