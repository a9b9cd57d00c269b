import { petSchema } from '../../spec/schemas.ts'
import { nextTurn } from './next-turn.ts'
import type { StoredPet } from './stored-pet.ts'

/** The most pets a state may hold by default: as many as `--pets` may seed. */
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
 * the fields the spec names, in id order). Ids must be unique safe integers; at most `max` pets.
 * @example parsePets([{ id: 1, name: 'Rex', categoryId: 1 }]) // [{ id: 1, name: 'Rex', categoryId: 1 }]
 * @throws InvalidPetsError naming the first pet that is not valid
 */
export function parsePets(input: unknown, what = 'the pets', max = maxStatePets): Array<StoredPet> {
  const steps = parseSteps(input, what, max)
  let step = steps.next()
  while (!step.done) step = steps.next()
  return step.value
}

/**
 * `parsePets` in slices of a few milliseconds, letting the server answer others in between: for a
 * replace of any size while the mock serves.
 * @example await parsePetsInSlices(state.pets, 'the pets', 2_000_000)
 * @throws InvalidPetsError naming the first pet that is not valid
 */
export async function parsePetsInSlices(input: unknown, what = 'the pets', max = maxStatePets): Promise<StoredPet[]> {
  const steps = parseSteps(input, what, max)
  let step = steps.next()
  while (!step.done) {
    await nextTurn()
    step = steps.next()
  }
  return step.value
}

/** Pets checked between two yields: a few milliseconds of zod. */
const parseSlice = 2_048

function* parseSteps(input: unknown, what: string, max: number): Generator<void, Array<StoredPet>> {
  if (!Array.isArray(input))
    throw new InvalidPetsError(`Failed to read ${what}: expected an array of Pet, got ${kind(input)}.`)
  if (input.length > max)
    throw new InvalidPetsError(`Failed to read ${what}: expected at most ${max} pets, got ${input.length}.`)
  const pets: Array<StoredPet> = []
  let sorted = true
  for (const [index, entry] of input.entries()) {
    if (index > 0 && index % parseSlice === 0) yield
    const pet = parsePet(entry, index, what)
    if (sorted && pets.length > 0 && (pets.at(-1) as StoredPet).id >= pet.id) sorted = false
    pets.push(pet)
  }
  // Repeated ids sit side by side once sorted: no set of a million ids (and its pauses to grow) is needed.
  if (!sorted) {
    yield
    pets.sort((a, b) => a.id - b.id)
    for (let i = 1; i < pets.length; i++)
      if ((pets[i] as StoredPet).id === (pets[i - 1] as StoredPet).id) throw firstRepeat(input, what)
  }
  return pets
}

/** The refusal naming the first pet, in the order given, whose id an earlier one has. */
function firstRepeat(input: ReadonlyArray<unknown>, what: string): InvalidPetsError {
  const seen = new Set<number>()
  for (const [index, entry] of input.entries()) {
    const id = (entry as { id: number }).id
    if (seen.has(id))
      return new InvalidPetsError(`Failed to read ${what}: pet ${index} repeats id ${id}; ids must be unique.`)
    seen.add(id)
  }
  return new InvalidPetsError(`Failed to read ${what}: ids must be unique.`)
}

function parsePet(entry: unknown, index: number, what: string): StoredPet {
  const result = petSchema.safeParse(entry)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path.length ? `"${issue.path.join('.')}": ` : ''
    throw new InvalidPetsError(
      `Failed to read ${what}: pet ${index}${idOf(entry)} is not a valid Pet (${field}${issue?.message ?? 'invalid'}).`,
    )
  }
  const { id, name, categoryId, status } = result.data
  // The mock assigns and indexes ids as numbers: it keeps any int64 categoryId, but ids up to 2^53 only.
  if (typeof id !== 'number')
    throw new InvalidPetsError(
      `Failed to read ${what}: pet ${index} has id ${id}, beyond 2^53; ` +
        `the mock keeps ids up to ${Number.MAX_SAFE_INTEGER}.`,
    )
  return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status }
}

function idOf(entry: unknown): string {
  if (typeof entry !== 'object' || entry === null || !Object.hasOwn(entry, 'id')) return ''
  const id = (entry as { id: unknown }).id
  return typeof id === 'number' && Number.isFinite(id) ? ` (id ${id})` : ''
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value
}
