import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import type { PetStoreModel } from './create-pet-store-model.ts'
import { nextTurn } from './next-turn.ts'
import { InvalidPetsError } from './parse-pets.ts'
import { sliceSize } from './pet-table.ts'

export { InvalidPetsError }

/** The mock's state as `GET /__mock/state` answers it, `PUT /__mock/state` takes it and a state file holds it. */
export interface PetStoreState {
  pets: Array<Pet>
}

/** The state of a model, read and replaced: `mock.state` in-process, the admin API over HTTP. */
export interface PetStoreStateControls {
  /** Every pet, in id order. */
  get(): PetStoreState
  /**
   * Replaces every pet after checking each against the spec; ids are kept, the next id follows the largest.
   * @throws InvalidPetsError naming the first bad pet; nothing is changed then
   */
  replace(state: unknown): Promise<void>
}

/**
 * The pets of a model as a state document: what `GET /__mock/state` answers.
 * @example readPetStoreState(model) // { pets: [{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }, …] }
 */
export function readPetStoreState(model: PetStoreModel): PetStoreState {
  return { pets: model.allPets().slice() }
}

/**
 * The state document of a model as JSON (what `GET /__mock/state` answers), serialized in slices so that a
 * store of a million pets keeps no other request waiting for the second its JSON takes.
 * @example await serializePetStoreState(model) // '{"pets":[{"id":1,"name":"Rex","categoryId":1},…]}'
 */
export async function serializePetStoreState(model: PetStoreModel): Promise<string> {
  const pets = model.allPets()
  const parts: Array<string> = []
  for (let start = 0; start < pets.length; start += sliceSize) {
    if (start > 0) await nextTurn()
    parts.push(stringifyJson(pets.slice(start, start + sliceSize)).slice(1, -1))
  }
  return `{"pets":[${parts.join(',')}]}`
}

/**
 * Replaces the pets of a model with those of a state document (`{"pets": [...]}`): what `PUT /__mock/state`
 * does. Answer an `InvalidPetsError` with a 400 `Error` (code `invalid_body`): its message names the first bad pet.
 * @example await replacePetStoreState(model, { pets: [{ id: 7, name: 'Rex', categoryId: 1 }] })
 * @throws InvalidPetsError when the document or one of its pets is not valid; nothing is changed then
 */
export async function replacePetStoreState(model: PetStoreModel, state: unknown): Promise<void> {
  if (typeof state !== 'object' || state === null || Array.isArray(state) || !Object.hasOwn(state, 'pets'))
    throw new InvalidPetsError('Failed to replace the state: expected an object {"pets": [...]}, got something else.')
  await model.replacePets((state as { pets: unknown }).pets)
}

/**
 * `get` and `replace` over one model, for `mock.state`.
 * @example const state = petStoreStateControls(model); await state.replace({ pets: [] })
 */
export function petStoreStateControls(model: PetStoreModel): PetStoreStateControls {
  return { get: () => readPetStoreState(model), replace: (state) => replacePetStoreState(model, state) }
}
