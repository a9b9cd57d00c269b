import { newPetSchema } from '../../spec/schemas.ts'
import type { NewPet } from '../../spec/types.ts'
import { InvalidPetsError, maxStatePets } from './parse-pets.ts'

/**
 * Checks fixtures (the format of `fixtures/pets.json`: an array of `NewPet`) against the spec and returns
 * them with only the fields the spec names.
 * @example parseFixtures([{ name: 'Rex', categoryId: 1 }]) // [{ name: 'Rex', categoryId: 1 }]
 * @throws InvalidPetsError naming the first entry that is not a valid NewPet
 */
export function parseFixtures(input: unknown, what = 'the fixtures'): Array<NewPet> {
  if (!Array.isArray(input))
    throw new InvalidPetsError(`Failed to read ${what}: expected an array of NewPet, got ${typeof input}.`)
  if (input.length > maxStatePets)
    throw new InvalidPetsError(`Failed to read ${what}: expected at most ${maxStatePets} pets, got ${input.length}.`)
  return input.map((entry, index) => {
    const result = newPetSchema.safeParse(entry)
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.length ? `"${issue.path.join('.')}": ` : ''
      throw new InvalidPetsError(
        `Failed to read ${what}: entry ${index} is not a valid NewPet (${field}${issue?.message ?? 'invalid'}).`,
      )
    }
    const { name, categoryId, status } = result.data
    return status === undefined ? { name, categoryId } : { name, categoryId, status }
  })
}
