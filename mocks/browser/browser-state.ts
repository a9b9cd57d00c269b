import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import { MockError } from '../core/mock-error.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'
import { InvalidPetsError, parsePets } from '../model/parse-pets.ts'

/** The parts of the Web Storage API the mock uses: `localStorage` (the default) or `sessionStorage` fit. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Where the browser mock keeps its pets: `persist: true` takes the defaults. */
export interface PersistOptions {
  /** The storage key. Default `petstore-contract:pets`. */
  key?: string
  /** Default the page's `localStorage` (kept per origin until cleared); `sessionStorage` keeps it per tab. */
  storage?: StorageLike
}

/** The pets kept in the browser's storage, and the hooks the model calls. */
interface BrowserState {
  /** The pets stored when the page started, or undefined when none were. */
  readonly loaded: ReadonlyArray<Pet> | undefined
  /** The model's `commit`: every change is in storage before it is acknowledged (a 201 after the write). */
  commit(model: PetStoreModel): Promise<void>
  /** Forgets what is stored: the mock's reset calls it, so a reload starts from the seed again. */
  clear(): void
  /** Where the pets are kept, as the dev panel names it: `localStorage "petstore-contract:pets"`. */
  readonly where: string
  /** How many characters are stored now, or undefined when nothing is (a reload then starts from the seed). */
  storedLength(): number | undefined
}

const defaultStateKey = 'petstore-contract:pets'

/**
 * Opens the pets a page kept in its storage (opt-in persistence of the browser mock): `{"pets": [...]}`,
 * int64 values to the digit (a `categoryId` beyond 2^53 comes back exactly). Storage is per origin, so
 * `localhost:5173` and `127.0.0.1:5173` keep apart.
 * @example
 * const state = openBrowserState({})
 * const model = await createPetStoreModel({ initialPets: state.loaded, commit: state.commit })
 * @throws InvalidPetsError when there is no storage, or what it holds is not a valid state (left untouched)
 */
export function openBrowserState({ key = defaultStateKey, storage }: PersistOptions): BrowserState {
  const store = storage ?? pageStorage()
  const where = `the browser's storage under ${JSON.stringify(key)}`
  return {
    loaded: load(store.getItem(key), key, where),
    async commit(model) {
      try {
        store.setItem(key, stringifyJson({ pets: model.allPets() }))
      } catch (error) {
        // A full storage (QuotaExceededError), or one the browser has taken away: answered 503, the pet kept in memory.
        throw new MockError(
          503,
          'storage_unavailable',
          `Failed to keep the change in ${where}: ${(error as Error).name}. ` +
            'It is in memory but will not survive a reload; the next change tries again.',
        )
      }
    },
    clear: () => store.removeItem(key),
    where: `${storageName(store)} ${JSON.stringify(key)}`,
    storedLength: () => store.getItem(key)?.length,
  }
}

function storageName(store: StorageLike): string {
  const page = globalThis as { localStorage?: StorageLike; sessionStorage?: StorageLike }
  try {
    if (store === page.localStorage) return 'localStorage'
    if (store === page.sessionStorage) return 'sessionStorage'
  } catch {
    // A page whose storage is blocked throws on the read: then the storage was the caller's own.
  }
  return 'the given storage'
}

function pageStorage(): StorageLike {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage
    if (storage) return storage
  } catch {
    // A page whose storage is blocked (sandboxed frame, storage turned off) throws on the first read.
  }
  throw new InvalidPetsError(
    "Failed to keep the mock's pets: expected the page's localStorage, got none (a sandboxed frame, or storage " +
      'turned off). Pass persist: { storage } with a storage of your own, or leave persist out.',
  )
}

function load(text: string | null, key: string, where: string): ReadonlyArray<Pet> | undefined {
  if (text === null) return undefined
  const remedy =
    `Remove it (DevTools, Application, Local Storage; or localStorage.removeItem(${JSON.stringify(key)})): ` +
    'it was left untouched.'
  let document: unknown
  try {
    document = parseJson(text)
  } catch (error) {
    throw new InvalidPetsError(
      `Failed to load the pets kept in ${where}: expected JSON {"pets": [...]}, ` +
        `got ${(error as Error).message.split('\n')[0]}. ${remedy}`,
    )
  }
  if (typeof document !== 'object' || document === null || !Object.hasOwn(document, 'pets'))
    throw new InvalidPetsError(`Failed to load the pets kept in ${where}: expected {"pets": [...]}. ${remedy}`)
  try {
    return parsePets((document as { pets: unknown }).pets, `the pets kept in ${where}`)
  } catch (error) {
    if (error instanceof InvalidPetsError) throw new InvalidPetsError(`${error.message} ${remedy}`)
    throw error
  }
}
