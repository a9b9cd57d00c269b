import { Collection } from '@msw/data'
import { messageSchema, petSchema } from '../../spec/schemas.ts'
import type { Message, NewPet, Pet, PetStatus } from '../../spec/types.ts'
import { parsePets } from './parse-pets.ts'
import { seedPets } from './seed-pets.ts'

export interface PetStoreModelOptions {
  /** Faker seed for the generated pets. Default 1. */
  seed?: number
  /** How many pets the model starts with, fixtures included. Default 50. */
  pets?: number
}

export interface PetStoreModel {
  /** The mswjs/data collections that hold the records. */
  readonly pets: Collection<typeof petSchema>
  readonly messages: Collection<typeof messageSchema>
  /** Pets in id order, only those of `status` when given, at most `limit`. */
  listPets(filter: { status?: PetStatus; limit: number }): ReadonlyArray<Pet>
  findPet(id: number): Pet | undefined
  /** Stores a new pet under a fresh id; an `id` in the input is ignored. */
  createPet(newPet: NewPet): Promise<Pet>
  queueMessage(text: string): Promise<Message>
  /** Restores the state right after seeding, ids included. */
  reset(): Promise<void>
  /**
   * Every pet, in id order: what `GET /__mock/state` answers.
   * @example model.allPets().length // 50
   */
  allPets(): ReadonlyArray<Pet>
  /**
   * Replaces every pet (`PUT /__mock/state`) after checking each against the spec's `Pet` schema. Ids are
   * kept; the next created pet gets the id after the largest.
   * @example await model.replacePets([{ id: 7, name: 'Rex', categoryId: 1 }])
   * @throws InvalidPetsError naming the first bad pet; nothing is changed then
   */
  replacePets(pets: unknown): Promise<void>
  /** Goes up with every change to the pets, so callers can cache what they derive from them. */
  readonly revision: number
  readonly options: Required<PetStoreModelOptions>
}

export const defaultModelOptions: Required<PetStoreModelOptions> = { seed: 1, pets: 50 }

/**
 * The in-memory pet store: mswjs/data collections, with an index by id and by status beside them
 * so that a lookup costs the same at 100 pets as at 100,000 (a collection query scans every record).
 * @example const model = await createPetStoreModel({ seed: 7 }); model.listPets({ limit: 5 })
 */
export async function createPetStoreModel(options: PetStoreModelOptions = {}): Promise<PetStoreModel> {
  const settings = { ...defaultModelOptions, ...options }
  const seedData = seedPets({ seed: settings.seed, count: settings.pets })
  const pets = new Collection({ schema: petSchema })
  const messages = new Collection({ schema: messageSchema })
  const byId = new Map<number, Pet>()
  const all: Array<Pet> = []
  const byStatus = new Map<PetStatus, Array<Pet>>()
  let lastPetId = 0
  let lastMessageId = 0
  let revision = 0

  let primaryKey: symbol | undefined

  /**
   * Creates the record. mswjs/data keys each record by a random UUID that V8 holds as a string rope
   * of about 500 bytes, more than half of what a pet costs; it takes the key from the initial values
   * when they carry one under its (unexported) symbol, read here off the first record, so the pet's
   * id serves instead: 100,000 pets take about 45 MB less.
   */
  async function store(pet: Pet): Promise<Pet> {
    if (primaryKey)
      Object.defineProperty(pet, primaryKey, {
        value: String(pet.id),
        enumerable: false,
        configurable: true,
        writable: true,
      })
    const record = await pets.create(pet)
    primaryKey ??= Object.getOwnPropertySymbols(record).find((symbol) => symbol.description === 'kPrimaryKey')
    return record
  }

  function index(pet: Pet): void {
    byId.set(pet.id, pet)
    all.push(pet)
    if (pet.status === undefined) return
    const list = byStatus.get(pet.status)
    if (list) list.push(pet)
    else byStatus.set(pet.status, [pet])
  }

  async function seed(): Promise<void> {
    revision++
    pets.clear()
    messages.clear()
    byId.clear()
    byStatus.clear()
    all.length = 0
    lastPetId = 0
    lastMessageId = 0
    // One at a time rather than createMany: 100,000 creates in flight at once would double peak memory.
    for (const newPet of seedData) index(await store(toPet(++lastPetId, newPet)))
  }

  await seed()

  return {
    pets,
    messages,
    options: settings,
    get revision() {
      return revision
    },
    listPets({ status, limit }) {
      const source = status === undefined ? all : (byStatus.get(status) ?? [])
      return source.slice(0, limit)
    },
    findPet(id) {
      return byId.get(id)
    },
    async createPet(newPet) {
      // The id is taken before the first await, so concurrent creates never share one.
      const id = ++lastPetId
      const pet = await store(toPet(id, newPet))
      index(pet)
      revision++
      return pet
    },
    async queueMessage(text) {
      const id = `msg_${String(++lastMessageId).padStart(6, '0')}`
      return messages.create({ id, message: text, status: 'queued', createdAt: new Date().toISOString() })
    },
    reset: seed,
    allPets() {
      return all.slice()
    },
    async replacePets(input) {
      const next = parsePets(input)
      revision++
      pets.clear()
      byId.clear()
      byStatus.clear()
      all.length = 0
      for (const pet of next) index(await store({ ...pet }))
      lastPetId = Math.max(0, next.at(-1)?.id ?? 0)
      revision++
    },
  }
}

function toPet(id: number, { name, categoryId, status }: NewPet): Pet {
  return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status }
}
