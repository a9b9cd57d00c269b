import type { NewPet, PetStatus } from '../../spec/types.ts'
import { nextTurn } from './next-turn.ts'
import { InvalidPetsError } from './parse-pets.ts'
import { StoreBudget } from './store-budget.ts'
import type { StoredPet } from './stored-pet.ts'

/**
 * Pets in id order, indexed by id and by status, never changed: a seed that any number of pet tables built from
 * it share.
 */
interface SharedTable {
  readonly all: ReadonlyArray<StoredPet>
  /**
   * By id; undefined while the ids are consecutive (a seed, creates), when a pet's place in `all` follows
   * from its id: a million pets then need no map (about 40 MB and a second of start-up).
   */
  readonly byId: ReadonlyMap<number, StoredPet> | undefined
  readonly byStatus: ReadonlyMap<PetStatus, ReadonlyArray<StoredPet>>
}

interface OwnTable {
  all: Array<StoredPet>
  byId: Map<number, StoredPet> | undefined
  byStatus: Map<PetStatus, Array<StoredPet>>
}

/** What a pet table restores on `reset`: a table built once and shared, read-only, by every one seeded alike. */
export type SeedTable = () => SharedTable | Promise<SharedTable>

/** The most pets a laptop holds with room to spare (about 100 bytes a pet): `--max-pets`'s default. */
export const defaultMaxPets = 2_000_000

/**
 * A create (or a replace, `count` pets of which `over` do not fit) past the server's `--max-pets`: nothing was
 * stored. The operations and `PUT /__mock/state` answer it with a 507 `Error` (`insufficient_storage`): the
 * request was fine, the server is full. `--max-pets` is the server's total, over all its stores.
 * @example throw new StoreFullError(2_000_000)
 */
export class StoreFullError extends Error {
  constructor(
    readonly maxPets: number,
    what = 'pet',
    count = 1,
    over = 1,
  ) {
    const these = count === 1 ? `the ${what}` : `the ${count.toLocaleString('en-US')} ${what}s`
    super(
      `Failed to store ${these}: expected at most ${maxPets.toLocaleString('en-US')} ${what}s (--max-pets), ` +
        `got ${over === 1 ? 'one' : over.toLocaleString('en-US')} more. --max-pets is the server's total, over ` +
        'the default store and every X-Mock-Session store (seeded pets shared by them count once). Reset the mock ' +
        '(POST /__mock/reset) or the sessions no longer in use, or start it with a larger --max-pets.',
    )
    this.name = 'StoreFullError'
  }
}

/** How many pets a long operation handles before it lets the server answer others: a few milliseconds' work. */
export const sliceSize = 4_096

/**
 * The one owner of the pets: every mutation and every index lives here (the model, `PetStoreModel`, holds one
 * beside its queued messages and its clock). Records are frozen; a change stores a new record, so whatever is
 * derived from a record (its JSON) stays true for it, and `revision` goes up with every change, for what is
 * derived from many (a list).
 * A pet table reads its seed (shared with the others seeded alike) under its own pets until a change touches
 * a seeded pet, when it takes a copy of its own: a new table costs what it changes. Resets are a swap,
 * and replaces are built beside the pets in slices (reads go on meanwhile, writes wait), so no operation
 * holds the event loop for long at any size.
 * @example const pets = await PetTable.create({ seed: () => seedTable(seedPets({ seed: 1, count: 50 })) })
 * pets.list({ status: 'sold', limit: 5 })
 */
export class PetTable {
  readonly #seed: SeedTable
  readonly maxPets: number
  /** The server's `--max-pets`, shared with the other stores; a table of its own once released. */
  #budget: StoreBudget
  /** How many of its pets count against the budget: all but the seed it reads (which counts once for all). */
  #charged = 0
  /** The seed it counts as reading in the budget (from a reset until a replace or a copy leaves it). */
  #readsSeed: SharedTable | undefined
  /** The seed this table reads under its own pets, which then all have larger ids; undefined once copied. */
  #base: SharedTable | undefined
  #own: OwnTable = emptyTable()
  #lastId = 0
  #revision = 0
  /** A replace or reset being built: writes wait for it, reads see the pets as they were until it lands. */
  #busy: Promise<void> | undefined

  private constructor(seed: SeedTable, maxPets: number, budget: StoreBudget | undefined) {
    this.#seed = seed
    this.maxPets = maxPets
    this.#budget = budget ?? new StoreBudget(maxPets)
  }

  /**
   * A pet table that starts from its seed (`pets`: from these instead; `reset` still returns to the seed).
   * `budget`: the server's `--max-pets`, shared by every table of the server (default: one of its own).
   * @throws InvalidPetsError when `pets` holds more than `maxPets`; StoreFullError when the budget has no room
   */
  static async create(options: {
    seed: SeedTable
    pets?: ReadonlyArray<StoredPet>
    maxPets?: number
    budget?: StoreBudget
  }): Promise<PetTable> {
    const pets = new PetTable(options.seed, options.maxPets ?? defaultMaxPets, options.budget)
    if (options.pets) await pets.replace(options.pets)
    else await pets.reset()
    return pets
  }

  /** Goes up with every change to the pets, so callers can cache what they derive from them. */
  get revision(): number {
    return this.#revision
  }

  get size(): number {
    return (this.#base?.all.length ?? 0) + this.#own.all.length
  }

  find(id: number): StoredPet | undefined {
    return findIn(this.#own, id) ?? (this.#base && findIn(this.#base, id))
  }

  /** Pets in id order, only those of `status` when given, at most `limit`. */
  list({ status, limit }: { status?: PetStatus; limit: number }): ReadonlyArray<StoredPet> {
    const own = status === undefined ? this.#own.all : (this.#own.byStatus.get(status) ?? [])
    const base = this.#base
    if (!base) return own.slice(0, limit)
    // The seeded pets come first: every pet of its own has a larger id.
    const seeded = status === undefined ? base.all : (base.byStatus.get(status) ?? [])
    if (seeded.length >= limit) return seeded.slice(0, limit)
    return seeded.concat(own.slice(0, limit - seeded.length))
  }

  /** Every pet, in id order. */
  all(): ReadonlyArray<StoredPet> {
    return this.#base ? this.#base.all.concat(this.#own.all) : this.#own.all.slice()
  }

  /**
   * Stores a new pet under the next id (a replace or reset under way is waited for).
   * @throws StoreFullError when the table holds `maxPets` already
   */
  create(newPet: NewPet): StoredPet | Promise<StoredPet> {
    if (this.#busy) return this.#afterBusy().then(() => this.create(newPet))
    if (this.size >= this.maxPets || !this.#budget.take(1)) throw new StoreFullError(this.maxPets)
    this.#charged++
    const pet = toStoredPet(++this.#lastId, newPet)
    append(this.#own, pet)
    this.#revision++
    return pet
  }

  /**
   * Changes the fields given of one pet (its id stays), storing a new record; undefined when there is none.
   * @example pets.update(7, { status: 'sold' })
   */
  update(id: number, change: Partial<NewPet>): StoredPet | undefined | Promise<StoredPet | undefined> {
    if (this.#busy) return this.#afterBusy().then(() => this.update(id, change))
    const own = this.#ownCopyFor(id)
    const previous = findIn(own, id)
    if (!previous) return undefined
    const pet = toStoredPet(id, { ...previous, ...change })
    own.all[indexById(own.all, id)] = pet
    own.byId?.set(id, pet)
    if (previous.status !== undefined) removeById(own.byStatus.get(previous.status), id)
    if (pet.status !== undefined) insertById(statusList(own, pet.status), pet)
    this.#revision++
    return pet
  }

  /** Removes one pet; false when there is none. */
  remove(id: number): boolean | Promise<boolean> {
    if (this.#busy) return this.#afterBusy().then(() => this.remove(id))
    const own = this.#ownCopyFor(id)
    const pet = findIn(own, id)
    if (!pet) return false
    // The ids are no longer consecutive: from here on the place of a pet is looked up.
    const byId = mapById(own)
    removeById(own.all, id)
    byId.delete(id)
    this.#budget.give(1)
    this.#charged--
    if (pet.status !== undefined) removeById(own.byStatus.get(pet.status), id)
    this.#revision++
    return true
  }

  /**
   * Replaces every pet with `pets` (valid, unique ids, in any order), or with what a promise of them (a
   * parse in slices) gives; the next id follows the largest. Writes wait from this call on. Built beside
   * the current pets in slices, then swapped in.
   * @throws InvalidPetsError when `pets` holds more than `maxPets`, or what the promise rejects with;
   * nothing is changed then
   */
  replace(source: ReadonlyArray<StoredPet> | Promise<ReadonlyArray<StoredPet>>): Promise<void> {
    // Its refusal is the replace's, awaited once the writes before it are done: not an unhandled one meanwhile.
    if (source instanceof Promise) source.catch(() => {})
    return this.#exclusively(async () => {
      const pets = await source
      if (pets.length > this.maxPets)
        throw new InvalidPetsError(
          `Failed to replace the pets: expected at most ${this.maxPets} pets (--max-pets), got ${pets.length}.`,
        )
      this.#makeRoomFor(pets.length)
      const sorted = await sortById(pets)
      const table = emptyTable()
      for (let start = 0; start < sorted.length; start += sliceSize) {
        if (start > 0) await nextTurn()
        for (const pet of sorted.slice(start, start + sliceSize)) append(table, toStoredPet(pet.id, pet))
      }
      this.#base = undefined
      this.#own = table
      this.#lastId = Math.max(0, sorted.at(-1)?.id ?? 0)
      this.#revision++
    })
  }

  /** Back to the seed, ids included: a swap, whatever the size of either. */
  reset(): Promise<void> {
    return this.#exclusively(async () => {
      const seed = await this.#seed()
      this.#budget.give(this.#charged)
      this.#charged = 0
      if (this.#readsSeed !== seed) {
        this.#leaveSeed()
        this.#budget.readSeed(seed, seed.all.length)
        this.#readsSeed = seed
      }
      this.#base = seed
      this.#own = emptyTable()
      this.#lastId = Math.max(0, seed.all.at(-1)?.id ?? 0)
      this.#revision++
    })
  }

  /**
   * Gives this table's share of the budget back, for good: what a session's store does when the session is
   * dropped. Whatever may still reach it (a request under way) counts against a budget of its own.
   */
  release(): void {
    const seed = this.#readsSeed
    this.#budget.give(this.#charged)
    this.#leaveSeed()
    this.#budget = new StoreBudget(this.maxPets)
    if (seed) this.#budget.readSeed(seed, seed.all.length)
    this.#readsSeed = seed
    this.#budget.charge(this.#charged)
  }

  /**
   * Takes the budget's room for `count` pets in place of this table's (those it holds, and the seed it reads when
   * no other table does), or refuses with a `StoreFullError`, changing nothing.
   */
  #makeRoomFor(count: number): void {
    const seed = this.#readsSeed
    const freed = this.#charged + (seed ? this.#budget.freedByLeaving(seed, seed.all.length) : 0)
    const over = this.#budget.used - freed + count - this.#budget.max
    if (over > 0) throw new StoreFullError(this.maxPets, 'pet', count, over)
    // From here on the replace always lands: its pets count now, the ones it replaces no longer.
    this.#budget.give(this.#charged)
    this.#leaveSeed()
    this.#budget.charge(count)
    this.#charged = count
  }

  /** Stops counting the seed this table reads, if any. */
  #leaveSeed(): void {
    const seed = this.#readsSeed
    if (seed) this.#budget.leaveSeed(seed, seed.all.length)
    this.#readsSeed = undefined
  }

  /** The table holding `id` that this one may change: its own, after a copy of the seed when `id` is seeded. */
  #ownCopyFor(id: number): OwnTable {
    const base = this.#base
    if (!base || !findIn(base, id)) return this.#own
    const own = this.#own
    const all = base.all.concat(own.all)
    const copy: OwnTable = { all, byId: undefined, byStatus: new Map() }
    // Its own from now on: the seeded pets count for it, room or not (a change of a pet never fails for room).
    this.#budget.charge(base.all.length)
    this.#charged += base.all.length
    this.#leaveSeed()
    if (base.byId || own.byId || (own.all.length > 0 && own.all[0]?.id !== (base.all.at(-1)?.id ?? 0) + 1))
      mapById(copy)
    for (const status of new Set([...base.byStatus.keys(), ...own.byStatus.keys()]))
      copy.byStatus.set(status, (base.byStatus.get(status) ?? []).concat(own.byStatus.get(status) ?? []))
    this.#base = undefined
    this.#own = copy
    return copy
  }

  async #afterBusy(): Promise<void> {
    while (this.#busy) await this.#busy.catch(() => {})
  }

  /** Runs `change` after any other under way; writes wait for it from this call on, not from its start. */
  #exclusively(change: () => Promise<void>): Promise<void> {
    const previous = this.#busy
    const run = (async () => {
      if (previous) await previous.catch(() => {})
      await change()
    })()
    this.#busy = run
    const done = (): void => {
      if (this.#busy === run) this.#busy = undefined
    }
    run.then(done, done)
    return run
  }
}

/**
 * The read-only table of seeded pets (ids from 1, in the order given), built in slices: what `SeedTable`
 * returns, shared by every pet table seeded alike.
 * @example const table = await seedTable(seedPets({ seed: 1, count: 1_000_000 }))
 */
export async function seedTable(newPets: ReadonlyArray<NewPet>): Promise<SharedTable> {
  const table = emptyTable()
  for (let start = 0; start < newPets.length; start += sliceSize) {
    if (start > 0) await nextTurn()
    const end = Math.min(start + sliceSize, newPets.length)
    for (let i = start; i < end; i++) append(table, toStoredPet(i + 1, newPets[i] as NewPet))
  }
  return table
}

function emptyTable(): OwnTable {
  return { all: [], byId: undefined, byStatus: new Map() }
}

function findIn(table: SharedTable, id: number): StoredPet | undefined {
  if (table.byId) return table.byId.get(id)
  const first = table.all[0]
  if (first === undefined) return undefined
  // Out of range is answered here: a negative index is no element but a named property to V8, looked up
  // the slow way (every read of a seeded pet once a pet was created asked the table of created ones so).
  const index = id - first.id
  return index >= 0 && index < table.all.length ? table.all[index] : undefined
}

/** The table's map by id, made when its ids stop being consecutive. */
function mapById(table: OwnTable): Map<number, StoredPet> {
  table.byId ??= new Map(table.all.map((pet) => [pet.id, pet]))
  return table.byId
}

/** Adds a pet whose id is larger than any in the table. */
function append(table: OwnTable, pet: StoredPet): void {
  const last = table.all.at(-1)
  if (last !== undefined && pet.id !== last.id + 1) mapById(table)
  table.all.push(pet)
  table.byId?.set(pet.id, pet)
  if (pet.status !== undefined) statusList(table, pet.status).push(pet)
}

function statusList(table: OwnTable, status: PetStatus): Array<StoredPet> {
  let list = table.byStatus.get(status)
  if (!list) {
    list = []
    table.byStatus.set(status, list)
  }
  return list
}

/** Only the fields the spec names, frozen. */
function toStoredPet(id: number, { name, categoryId, status }: NewPet): StoredPet {
  return Object.freeze(status === undefined ? { id, name, categoryId } : { id, name, categoryId, status })
}

/** Where a pet with `id` is (or would go) in a list in id order. */
function indexById(list: ReadonlyArray<StoredPet>, id: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((list[middle] as StoredPet).id < id) low = middle + 1
    else high = middle
  }
  return low
}

function insertById(list: Array<StoredPet>, pet: StoredPet): void {
  list.splice(indexById(list, pet.id), 0, pet)
}

function removeById(list: Array<StoredPet> | undefined, id: number): void {
  if (!list) return
  const index = indexById(list, id)
  if (list[index]?.id === id) list.splice(index, 1)
}

/** The pets in id order: as given when they already are (a state file's, a snapshot's), else sorted. */
async function sortById(pets: ReadonlyArray<StoredPet>): Promise<ReadonlyArray<StoredPet>> {
  for (let i = 1; i < pets.length; i++) {
    if ((pets[i - 1] as StoredPet).id < (pets[i] as StoredPet).id) continue
    // Sorting a million pets takes a fraction of a second; an unsorted input is rare.
    await nextTurn()
    return pets.slice().sort((a, b) => a.id - b.id)
  }
  return pets
}
