/**
 * How many records (pets, or queued messages) the stores of one server hold together, against one maximum
 * (`--max-pets`): the default store and every `X-Mock-Session` store draw on it, so that no number of sessions
 * holds more than the maximum. A seed the stores share (read-only, copy on write) counts once, for as long as a
 * store reads it.
 * @example
 * const budget = new StoreBudget(2_000_000)
 * if (!budget.take(1)) throw new StoreFullError(budget.max)
 */
export class StoreBudget {
  readonly max: number
  #used = 0
  /** How many stores read each shared seed. */
  readonly #readers = new Map<object, number>()

  constructor(max: number) {
    this.max = max
  }

  /** How many records the stores hold now (it may pass `max` for a while: see `readSeed`). */
  get used(): number {
    return this.#used
  }

  /** Takes `count` places; false, taking none, when fewer are left. */
  take(count: number): boolean {
    if (this.#used + count > this.max) return false
    this.#used += count
    return true
  }

  /** Counts `count` records that are there already (a copy of a shared seed made on write), room or not. */
  charge(count: number): void {
    this.#used += count
  }

  give(count: number): void {
    this.#used -= count
  }

  /**
   * A store starts reading a shared seed of `size` records: they count from its first reader on. Counted room or
   * not (a reset or a new session always gets its seed), so the total may pass `max` until stores give back.
   */
  readSeed(seed: object, size: number): void {
    const readers = this.#readers.get(seed) ?? 0
    if (readers === 0) this.#used += size
    this.#readers.set(seed, readers + 1)
  }

  /** A store stops reading a shared seed of `size` records; they no longer count once it had no other reader. */
  leaveSeed(seed: object, size: number): void {
    const readers = (this.#readers.get(seed) ?? 1) - 1
    if (readers === 0) {
      this.#readers.delete(seed)
      this.#used -= size
    } else this.#readers.set(seed, readers)
  }

  /** What a store reading `seed` frees by leaving it: its size when no other store reads it, else nothing. */
  freedByLeaving(seed: object, size: number): number {
    return this.#readers.get(seed) === 1 ? size : 0
  }
}
