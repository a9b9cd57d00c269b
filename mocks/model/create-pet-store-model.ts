import { Collection } from '@msw/data'
import { messageSchema, storedPetSchema } from '../../spec/schemas.ts'
import type { Message, NewPet, Pet, PetStatus } from '../../spec/types.ts'
import { createMockClock, type MockClock, type MockClockInput } from './mock-clock.ts'
import { parseFixtures } from './parse-fixtures.ts'
import { InvalidPetsError, parsePets } from './parse-pets.ts'
import { seedPets } from './seed-pets.ts'
import type { StoredPet } from './stored-pet.ts'

export interface PetStoreModelOptions {
  /** Faker seed for the generated pets. Default 1. */
  seed?: number
  /** How many pets the model starts with, fixtures included. Default 50, or the number of fixtures when more. */
  pets?: number
  /**
   * The mock's clock (`--now`): an ISO-8601 date or date-time (UTC without an offset), a `Date`, or a
   * function asked on every read. A date sets the clock, which runs on from there. Default: the real clock.
   */
  now?: MockClockInput
  /** The named pets to start with, in the format of `fixtures/pets.json` (`--fixtures`); checked against the spec. */
  fixtures?: ReadonlyArray<NewPet>
  /**
   * Pets with their ids to start from instead of the seeded ones (a state file's), checked against the spec;
   * `reset()` still goes back to the seeded pets.
   */
  initialPets?: ReadonlyArray<Pet>
  /**
   * Called after every change to the pets (create, replace, reset); the change is acknowledged when the
   * promise resolves. The state file (`--state-file`) makes writes durable through it.
   */
  commit?: (model: PetStoreModel) => Promise<void>
}

export type { StoredPet }

/**
 * The options a model was built with, defaults applied: what a copy seeded like it needs. `commit` and
 * `initialPets` are left out: a copy is neither durable nor loaded from the state file.
 */
export type ResolvedModelOptions = Readonly<
  Omit<PetStoreModelOptions, 'commit' | 'initialPets'> & { seed: number; pets: number }
>

export interface PetStoreModel {
  /**
   * The mswjs/data collections that hold the records: every pet of a model from `createPetStoreModel`; in
   * one from `createSeedSharingModels` (an `X-Mock-Session`'s), the pets it stored itself, its seeded
   * pets being shared with the others and read through `findPet`, `listPets` and `allPets`.
   */
  readonly pets: Collection<typeof storedPetSchema>
  readonly messages: Collection<typeof messageSchema>
  /** Pets in id order, only those of `status` when given, at most `limit`. */
  listPets(filter: { status?: PetStatus; limit: number }): ReadonlyArray<StoredPet>
  findPet(id: number): StoredPet | undefined
  /** Stores a new pet under a fresh id; an `id` in the input is ignored. */
  createPet(newPet: NewPet): Promise<StoredPet>
  queueMessage(text: string): Promise<Message>
  /** Restores the state right after seeding, ids included. */
  reset(): Promise<void>
  /**
   * Every pet, in id order: what `GET /__mock/state` answers and a state file holds.
   * @example model.allPets().length // 50
   */
  allPets(): ReadonlyArray<StoredPet>
  /**
   * Replaces every pet (`PUT /__mock/state`) after checking each against the spec's `Pet` schema. Ids are
   * kept; the next created pet gets the id after the largest. Creates wait while it runs.
   * @example await model.replacePets([{ id: 7, name: 'Rex', categoryId: 1 }])
   * @throws InvalidPetsError naming the first bad pet; nothing is changed then
   */
  replacePets(pets: unknown): Promise<void>
  /** The mock's clock, in milliseconds since the epoch (`--now`, else the real clock). */
  readonly now: MockClock
  /** Goes up with every change to the pets, so callers can cache what they derive from them. */
  readonly revision: number
  readonly options: ResolvedModelOptions
}

export const defaultModelOptions = { seed: 1, pets: 50 } as const

/** Seeded pets, in id order and indexed, shared read-only by the models of `createSeedSharingModels`. */
interface SharedPets {
  readonly all: ReadonlyArray<StoredPet>
  readonly byId: ReadonlyMap<number, StoredPet>
  readonly byStatus: ReadonlyMap<PetStatus, ReadonlyArray<StoredPet>>
}

/**
 * The in-memory pet store: mswjs/data collections, with an index by id and by status beside them
 * so that a lookup costs the same at 100 pets as at 100,000 (a collection query scans every record).
 * @example const model = await createPetStoreModel({ seed: 7 }); model.listPets({ limit: 5 })
 */
export function createPetStoreModel(options: PetStoreModelOptions = {}): Promise<PetStoreModel> {
  return buildModel(options, undefined)
}

/**
 * Models seeded like `options` (a model's `options`) that share one read-only copy of the seeded pets,
 * copy on write: a new model costs what it changes, not a copy of the seed (what each `X-Mock-Session`
 * gets). The seed is generated on the first call. A created pet, a replace or a reset changes only the
 * model it is made on.
 * @example const createSession = createSeedSharingModels(model.options); const session = await createSession()
 */
export function createSeedSharingModels(options: ResolvedModelOptions): () => Promise<PetStoreModel> {
  let shared: SharedPets | undefined
  const seedShared = (): SharedPets => {
    const fixtures = options.fixtures === undefined ? undefined : parseFixtures(options.fixtures)
    return sharePets(seedPets({ seed: options.seed, count: options.pets, fixtures }))
  }
  return () => {
    shared ??= seedShared()
    return buildModel(options, shared)
  }
}

function sharePets(seeded: ReadonlyArray<NewPet>): SharedPets {
  const all = seeded.map((newPet, i) => Object.freeze(toPet(i + 1, newPet)))
  const byStatus = new Map<PetStatus, Array<StoredPet>>()
  for (const pet of all) {
    if (pet.status === undefined) continue
    const list = byStatus.get(pet.status)
    if (list) list.push(pet)
    else byStatus.set(pet.status, [pet])
  }
  return { all, byId: new Map(all.map((pet) => [pet.id, pet])), byStatus }
}

async function buildModel(options: PetStoreModelOptions, shared: SharedPets | undefined): Promise<PetStoreModel> {
  const { commit, initialPets, ...rest } = options
  const initial = initialPets === undefined ? undefined : parsePets(initialPets, 'the initial pets')
  // A model sharing its seed was given options already checked, and seeds nothing of its own.
  const fixtures = shared || options.fixtures === undefined ? undefined : parseFixtures(options.fixtures)
  // Fixtures given by name are kept whole: fewer pets would drop some without a word.
  if (fixtures && options.pets !== undefined && options.pets < fixtures.length)
    throw new InvalidPetsError(
      `Failed to seed the pets: expected at least as many pets as the ${fixtures.length} fixtures, ` +
        `got ${options.pets}. Raise pets (--pets) or leave it out to start with every fixture.`,
    )
  const settings: ResolvedModelOptions = {
    ...rest,
    seed: options.seed ?? defaultModelOptions.seed,
    pets: options.pets ?? Math.max(defaultModelOptions.pets, fixtures?.length ?? 0),
  }
  const now = createMockClock(options.now)
  // Generated on first need: a model sharing its seed never needs its own.
  let seedData: Array<NewPet> | undefined
  const pets = new Collection({ schema: storedPetSchema })
  const messages = new Collection({ schema: messageSchema })
  const byId = new Map<number, StoredPet>()
  const all: Array<StoredPet> = []
  const byStatus = new Map<PetStatus, Array<StoredPet>>()
  let lastPetId = 0
  let lastMessageId = 0
  let revision = 0
  // The shared seeded pets this model reads under its own (which then hold only the pets stored since),
  // until a replace gives it pets of its own.
  let base: SharedPets | undefined

  let primaryKey: symbol | undefined

  /**
   * Creates the record. mswjs/data keys each record by a random UUID that V8 holds as a string rope
   * of about 500 bytes, more than half of what a pet costs; it takes the key from the initial values
   * when they carry one under its (unexported) symbol, read here off the first record, so the pet's
   * id serves instead: 100,000 pets take about 45 MB less.
   */
  async function store(pet: StoredPet): Promise<StoredPet> {
    if (primaryKey)
      Object.defineProperty(pet, primaryKey, {
        value: String(pet.id),
        enumerable: false,
        configurable: true,
        writable: true,
      })
    const record = (await pets.create(pet)) as StoredPet
    primaryKey ??= Object.getOwnPropertySymbols(record).find((symbol) => symbol.description === 'kPrimaryKey')
    return record
  }

  function index(pet: StoredPet): void {
    byId.set(pet.id, pet)
    all.push(pet)
    if (pet.status === undefined) return
    const list = byStatus.get(pet.status)
    if (list) list.push(pet)
    else byStatus.set(pet.status, [pet])
  }

  /**
   * Replaces every pet with `next` (valid, in id order), one at a time rather than createMany: 100,000
   * creates in flight at once would double peak memory.
   */
  async function load(next: ReadonlyArray<StoredPet>): Promise<void> {
    revision++
    base = undefined
    pets.clear()
    byId.clear()
    byStatus.clear()
    all.length = 0
    for (const pet of next) index(await store({ ...pet }))
    lastPetId = Math.max(0, next.at(-1)?.id ?? 0)
    revision++
  }

  // Creates in flight, and the replace or reset running: a replace waits for the creates that took an id
  // before it, and creates wait for the replace, so no pet lands in the middle of a swap. A counter rather
  // than a set of promises: creates are the hot path.
  let creating = 0
  let drained: (() => void) | undefined
  let exclusive: Promise<void> | undefined

  async function exclusively(change: () => Promise<void>): Promise<void> {
    while (exclusive) await exclusive.catch(() => {})
    const run = (async () => {
      if (creating > 0) await new Promise<void>((resolve) => (drained = resolve))
      await change()
    })()
    exclusive = run
    try {
      await run
    } finally {
      exclusive = undefined
    }
  }

  async function seed(): Promise<void> {
    messages.clear()
    lastMessageId = 0
    if (shared) {
      await load([])
      base = shared
      lastPetId = shared.all.at(-1)?.id ?? 0
      revision++
      return
    }
    seedData ??= seedPets({ seed: settings.seed, count: settings.pets, fixtures })
    await load(seedData.map((newPet, i) => toPet(i + 1, newPet)))
  }

  if (initial) await load(initial)
  else await seed()

  const model: PetStoreModel = {
    pets,
    messages,
    options: settings,
    now,
    get revision() {
      return revision
    },
    listPets({ status, limit }) {
      const source = status === undefined ? all : (byStatus.get(status) ?? [])
      if (!base) return source.slice(0, limit)
      // The seeded pets come first: every pet stored since has a larger id.
      const seeded = status === undefined ? base.all : (base.byStatus.get(status) ?? [])
      if (seeded.length >= limit) return seeded.slice(0, limit)
      return seeded.concat(source.slice(0, limit - seeded.length))
    },
    findPet(id) {
      return byId.get(id) ?? base?.byId.get(id)
    },
    async createPet(newPet) {
      while (exclusive) await exclusive.catch(() => {})
      // The id is taken before the first await, so concurrent creates never share one.
      const id = ++lastPetId
      creating++
      let pet: StoredPet
      try {
        pet = await store(toPet(id, newPet))
        index(pet)
        revision++
      } finally {
        if (--creating === 0 && drained) {
          drained()
          drained = undefined
        }
      }
      if (commit) await commit(model)
      return pet
    },
    async queueMessage(text) {
      const id = `msg_${String(++lastMessageId).padStart(6, '0')}`
      return messages.create({ id, message: text, status: 'queued', createdAt: new Date(now()).toISOString() })
    },
    async reset() {
      await exclusively(seed)
      if (commit) await commit(model)
    },
    allPets() {
      return base ? base.all.concat(all) : all.slice()
    },
    async replacePets(input) {
      const next = parsePets(input)
      await exclusively(() => load(next))
      if (commit) await commit(model)
    },
  }
  return model
}

function toPet(id: number, { name, categoryId, status }: NewPet): StoredPet {
  return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status }
}
