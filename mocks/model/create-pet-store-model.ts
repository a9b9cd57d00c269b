import { Collection } from '@msw/data'
import { messageSchema } from '../../spec/schemas.ts'
import type { Message, NewPet, Pet, PetStatus } from '../../spec/types.ts'
import { createMockClock, type MockClock, type MockClockInput } from './mock-clock.ts'
import { parseFixtures } from './parse-fixtures.ts'
import { InvalidPetsError, parsePets, parsePetsInSlices } from './parse-pets.ts'
import { defaultMaxPets, PetTable, type SeedTable, StoreFullError, seedTable } from './pet-table.ts'
import { type ResourceCollections, resourceCollections } from './resource-collection.ts'
import { seedPets } from './seed-pets.ts'
import { StoreBudget } from './store-budget.ts'
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
   * The most pets the store holds (`--max-pets`): a create past it is refused with a `StoreFullError`
   * (507 `insufficient_storage`), a replace with more with an `InvalidPetsError`. Default 2,000,000.
   */
  maxPets?: number
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
type ResolvedModelOptions = Readonly<
  Omit<PetStoreModelOptions, 'commit' | 'initialPets'> & { seed: number; pets: number; maxPets: number }
>

export interface PetStoreModel {
  /** The queued messages (`POST /messages`): an @msw/data collection, as that library is designed to be used. */
  readonly messages: Collection<typeof messageSchema>
  /** Pets in id order, only those of `status` when given, at most `limit`. */
  listPets(filter: { status?: PetStatus; limit: number }): ReadonlyArray<StoredPet>
  findPet(id: number): StoredPet | undefined
  /**
   * Stores a new pet under a fresh id; an `id` in the input is ignored. The pet is one the caller has
   * checked against the spec already (`validateBody`): the store does not judge it again.
   * @throws StoreFullError when the store holds `options.maxPets` pets already
   */
  createPet(newPet: NewPet): Promise<StoredPet>
  /**
   * @throws StoreFullError when `options.maxPets` messages are queued already, over this model and those built
   * alike (they are kept until a reset)
   */
  queueMessage(text: string): Promise<Message>
  /**
   * The resources of every other kind the spec creates (`spec/resources.ts`), each in a generic collection, by
   * its creating operation: what the generic list, read and create operations serve. A reset reseeds them.
   * @example model.resources.of('createCategory').find(1)
   */
  readonly resources: ResourceCollections
  /** Restores the state right after seeding, ids included. */
  reset(): Promise<void>
  /**
   * Gives back its share of `--max-pets` (a total over this model and those `createSeedSharingModels` builds
   * alike), for good: what a dropped session's store does. It still answers whatever reaches it meanwhile.
   */
  release(): void
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

export const defaultModelOptions = { seed: 1, pets: 50, maxPets: defaultMaxPets } as const

/** The seed of each model's options, shared with the models `createSeedSharingModels` makes from them. */
const seeds = new WeakMap<ResolvedModelOptions, SeedTable>()

/** `--max-pets` of each model's options, over its pets and over its messages, shared like its seed. */
const budgets = new WeakMap<ResolvedModelOptions, { pets: StoreBudget; messages: StoreBudget }>()

function budgetsOf(options: ResolvedModelOptions): { pets: StoreBudget; messages: StoreBudget } {
  let shared = budgets.get(options)
  if (!shared) {
    shared = { pets: new StoreBudget(options.maxPets), messages: new StoreBudget(options.maxPets) }
    budgets.set(options, shared)
  }
  return shared
}

/**
 * A mock's model, all it serves from memory: the pets in a `PetTable` (the one owner of the pets and their
 * indexes, so that a lookup costs the same at 100 pets as at 1,000,000), the queued messages in an @msw/data
 * collection, and the clock.
 * @example const model = await createPetStoreModel({ seed: 7 }); model.listPets({ limit: 5 })
 */
export async function createPetStoreModel(options: PetStoreModelOptions = {}): Promise<PetStoreModel> {
  const { commit, initialPets, ...rest } = options
  const fixtures = options.fixtures === undefined ? undefined : parseFixtures(options.fixtures)
  // Fixtures given by name are kept whole: fewer pets would drop some without a word.
  if (fixtures && options.pets !== undefined && options.pets < fixtures.length)
    throw new InvalidPetsError(
      `Failed to seed the pets: expected at least as many pets as the ${fixtures.length} fixtures, ` +
        `got ${options.pets}. Raise pets (--pets) or leave it out to start with every fixture.`,
    )
  const settings: ResolvedModelOptions = {
    ...rest,
    fixtures,
    seed: options.seed ?? defaultModelOptions.seed,
    pets: options.pets ?? Math.max(defaultModelOptions.pets, fixtures?.length ?? 0),
    maxPets: options.maxPets ?? defaultModelOptions.maxPets,
  }
  if (settings.pets > settings.maxPets)
    throw new InvalidPetsError(
      `Failed to seed the pets: expected at most --max-pets (${settings.maxPets}) pets, got ${settings.pets}. ` +
        'Raise --max-pets or seed fewer.',
    )
  const initial = initialPets === undefined ? undefined : parsePets(initialPets, 'the initial pets', settings.maxPets)
  const seed = seedOf(settings)
  seeds.set(settings, seed)
  const budget = budgetsOf(settings).pets
  return buildModel(settings, await PetTable.create({ seed, pets: initial, maxPets: settings.maxPets, budget }), commit)
}

/**
 * Models seeded like `options` (a model's `options`) that share its read-only seeded pets, copy on write:
 * a new model costs what it changes, not a copy of the seed (what each `X-Mock-Session` gets). A created
 * pet, a replace or a reset changes only the model it is made on.
 * @example const createSession = createSeedSharingModels(model.options); const session = await createSession()
 */
export function createSeedSharingModels(options: ResolvedModelOptions): () => Promise<PetStoreModel> {
  let seed = seeds.get(options)
  if (!seed) {
    seed = seedOf(options)
    seeds.set(options, seed)
  }
  const shared = seed
  const budget = budgetsOf(options).pets
  return async () =>
    buildModel(options, await PetTable.create({ seed: shared, maxPets: options.maxPets, budget }), undefined)
}

/** The seeded pets of `options`, generated on first need and then shared. */
function seedOf({ seed, pets, fixtures }: ResolvedModelOptions): SeedTable {
  let table: ReturnType<typeof seedTable> | undefined
  return () => {
    table ??= seedTable(seedPets({ seed, count: pets, fixtures }))
    return table
  }
}

function buildModel(
  options: ResolvedModelOptions,
  pets: PetTable,
  commit: ((model: PetStoreModel) => Promise<void>) | undefined,
): PetStoreModel {
  const now = createMockClock(options.now)
  // A reset takes a new collection: clearing one removes its records one by one, each from an array.
  let messages = new Collection({ schema: messageSchema })
  let lastMessageId = 0
  let messageBudget = budgetsOf(options).messages
  const resources = resourceCollections({ maxSize: options.maxPets, seed: options.seed })
  const model: PetStoreModel = {
    resources,
    get messages() {
      return messages
    },
    options,
    now,
    get revision() {
      return pets.revision
    },
    listPets: (filter) => pets.list(filter),
    findPet: (id) => pets.find(id),
    allPets: () => pets.all(),
    createPet(newPet) {
      let stored: StoredPet | Promise<StoredPet>
      try {
        stored = pets.create(newPet)
      } catch (error) {
        return Promise.reject(error)
      }
      // Without a state file a create is done once stored: no further turn of the event loop for it.
      if (!commit) return stored instanceof Promise ? stored : Promise.resolve(stored)
      return Promise.resolve(stored).then(async (pet) => {
        await commit(model)
        return pet
      })
    },
    async queueMessage(text) {
      if (!messageBudget.take(1)) throw new StoreFullError(options.maxPets, 'message')
      const id = `msg_${String(++lastMessageId).padStart(6, '0')}`
      return messages.create({ id, message: text, status: 'queued', createdAt: new Date(now()).toISOString() })
    },
    async reset() {
      messageBudget.give(messages.count())
      messages = new Collection({ schema: messageSchema })
      lastMessageId = 0
      resources.reset()
      await pets.reset()
      if (commit) await commit(model)
    },
    release() {
      pets.release()
      messageBudget.give(messages.count())
      // What still reaches it counts on its own from here on.
      messageBudget = new StoreBudget(options.maxPets)
      messageBudget.charge(messages.count())
    },
    async replacePets(input) {
      await pets.replace(parsePetsInSlices(input, 'the pets', options.maxPets))
      if (commit) await commit(model)
    },
  }
  return model
}
