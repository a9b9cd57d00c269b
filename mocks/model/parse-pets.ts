import { petSchema } from '../../spec/schemas.ts'
import type { Pet } from '../../spec/types.ts'

/** The most pets a state may hold: as many as `--pets` may seed. */
export const maxStatePets = 1_000_000

/**
 * A state or fixtures input the mock refuses: the message names the first bad entry. Nothing was changed.
 * The admin API answers it with a 400 `Error`; the CLIs print it as their one-line reason.
 */
export class InvalidPetsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidPetsError'
  }
}

/**
 * Checks a list of pets against the spec's `Pet` schema and returns them as the model stores them (only
 * the fields the spec names, in id order). Ids must be unique safe integers.
 * @example parsePets([{ id: 1, name: 'Rex', categoryId: 1 }]) // [{ id: 1, name: 'Rex', categoryId: 1 }]
 * @throws InvalidPetsError naming the first pet that is not valid
 */
export function parsePets(input: unknown, what = 'the pets'): Array<Pet> {
  if (!Array.isArray(input))
    throw new InvalidPetsError(`Failed to read ${what}: expected an array of Pet, got ${kind(input)}.`)
  if (input.length > maxStatePets)
    throw new InvalidPetsError(`Failed to read ${what}: expected at most ${maxStatePets} pets, got ${input.length}.`)
  const seen = new Set<number>()
  const pets: Array<Pet> = []
  for (const [index, entry] of input.entries()) {
    const result = petSchema.safeParse(entry)
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.length ? `"${issue.path.join('.')}": ` : ''
      throw new InvalidPetsError(
        `Failed to read ${what}: pet ${index}${idOf(entry)} is not a valid Pet ` +
          `(${field}${issue?.message ?? 'invalid'}).`,
      )
    }
    const { id, name, categoryId, status } = result.data
    if (seen.has(id))
      throw new InvalidPetsError(`Failed to read ${what}: pet ${index} repeats id ${id}; ids must be unique.`)
    seen.add(id)
    pets.push(status === undefined ? { id, name, categoryId } : { id, name, categoryId, status })
  }
  return pets.sort((a, b) => a.id - b.id)
}

function idOf(entry: unknown): string {
  if (typeof entry !== 'object' || entry === null || !Object.hasOwn(entry, 'id')) return ''
  const id = (entry as { id: unknown }).id
  return typeof id === 'number' && Number.isFinite(id) ? ` (id ${id})` : ''
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value
}
