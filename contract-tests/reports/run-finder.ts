// Two polynomial hashes of a run, over different bases: a run is known by both, 64 bits, never by its characters.
// Two texts that differ share both only by chance (about one in 2^64 per position), which only redacts too much.
const baseA = 0x01000193
const baseB = 0x5bd1e995
const bloomBits = 20

/** The hashes of `size` characters of `text` from `from`. */
function hashesOf(text: string, from: number, size: number): [number, number] {
  let a = 0
  let b = 0
  for (let at = from; at < from + size; at++) {
    const code = text.charCodeAt(at)
    a = (Math.imul(a, baseA) + code) | 0
    b = (Math.imul(b, baseB) + code) | 0
  }
  return [a, b]
}

function power(base: number, exponent: number): number {
  let result = 1
  for (let step = 0; step < exponent; step++) result = Math.imul(result, base)
  return result
}

/**
 * A set of runs of one length, by their two hashes, in typed arrays that grow (open addressing, kept at most three
 * quarters full, `0, 0` marking a free slot): 8 to 21 bytes a run, whatever its length, where a set of strings takes
 * ten times that. A bloom filter of the first hash rules out most positions of a scan at the cost of one bit test.
 */
class RunTable {
  readonly leavingA: number
  readonly leavingB: number
  readonly bloom = new Uint32Array(1 << (bloomBits - 5))
  #a = new Int32Array(64)
  #b = new Int32Array(64)
  #count = 0

  constructor(readonly size: number) {
    this.leavingA = power(baseA, size - 1)
    this.leavingB = power(baseB, size - 1)
  }

  add(a: number, b: number): void {
    if (4 * (this.#count + 1) > 3 * this.#a.length) this.#grow()
    if (!this.#put(a, b)) return
    this.#count++
    const bit = a >>> (32 - bloomBits)
    this.bloom[bit >>> 5] = (this.bloom[bit >>> 5] as number) | (1 << (bit & 31))
  }

  has(a: number, rawB: number): boolean {
    const b = stored(a, rawB)
    const mask = this.#a.length - 1
    for (let slot = slotOf(a, b, mask); this.#a[slot] !== 0 || this.#b[slot] !== 0; slot = (slot + 1) & mask)
      if (this.#a[slot] === a && this.#b[slot] === b) return true
    return false
  }

  /** Puts a run in its slot; false when it is there already. */
  #put(a: number, rawB: number): boolean {
    const b = stored(a, rawB)
    const mask = this.#a.length - 1
    let slot = slotOf(a, b, mask)
    for (; this.#a[slot] !== 0 || this.#b[slot] !== 0; slot = (slot + 1) & mask)
      if (this.#a[slot] === a && this.#b[slot] === b) return false
    this.#a[slot] = a
    this.#b[slot] = b
    return true
  }

  #grow(): void {
    const old = { a: this.#a, b: this.#b }
    this.#a = new Int32Array(old.a.length * 2)
    this.#b = new Int32Array(old.a.length * 2)
    for (let slot = 0; slot < old.a.length; slot++)
      if (old.a[slot] !== 0 || old.b[slot] !== 0) this.#put(old.a[slot] as number, old.b[slot] as number)
  }
}

// `0, 0` marks a free slot: a run that hashes so is kept as `0, 1` (found as such too).
const stored = (a: number, b: number): number => (a === 0 && b === 0 ? 1 : b)
const slotOf = (a: number, b: number, mask: number): number => (Math.imul(a ^ (b >>> 15), 0x2c1b3c6d) >>> 7) & mask

/** Where in `text` a run of the table starts: each match is `[start, start + size)`. */
function scan(text: string, table: RunTable, found: Array<[number, number]>): void {
  const { size, leavingA, leavingB, bloom } = table
  if (text.length < size) return
  let [a, b] = hashesOf(text, 0, size)
  for (let at = 0; ; at++) {
    const bit = a >>> (32 - bloomBits)
    if (((bloom[bit >>> 5] as number) & (1 << (bit & 31))) !== 0 && table.has(a, b)) found.push([at, at + size])
    if (at + size >= text.length) return
    const leaving = text.charCodeAt(at)
    const entering = text.charCodeAt(at + size)
    a = (Math.imul((a - Math.imul(leaving, leavingA)) | 0, baseA) + entering) | 0
    b = (Math.imul((b - Math.imul(leaving, leavingB)) | 0, baseB) + entering) | 0
  }
}

/**
 * Runs of characters to find in a text, of any lengths, added as they come: `find` gives the spans a text holds of
 * any of them, in one pass per length with rolling hashes (linear in the text whatever the number of runs), and
 * `holds` whether a piece of a text is one of them. Runs are kept as hashes only (`RunTable`): a process that learns
 * thousands of keys keeps tens of megabytes, not hundreds.
 * @example const runs = new RunIndex(); runs.add('key'); runs.find('a keykey b') // [[2, 8]]
 */
export class RunIndex {
  readonly #tables = new Map<number, RunTable>()

  /** The lengths of the runs held, shortest first. */
  get lengths(): Array<number> {
    return [...this.#tables.keys()].sort((a, b) => a - b)
  }

  add(run: string): void {
    this.addPiece(run, 0, run.length)
  }

  /** Adds the run of `text` from `from` to `to`, without copying it out. */
  addPiece(text: string, from: number, to: number): void {
    const size = to - from
    if (size <= 0) return
    let table = this.#tables.get(size)
    if (!table) {
      table = new RunTable(size)
      this.#tables.set(size, table)
    }
    table.add(...hashesOf(text, from, size))
  }

  /** Adds every run of `size` characters of `text`, hashed as they roll (one step a run, not `size`). */
  addEvery(text: string, size: number): void {
    if (size <= 0 || text.length < size) return
    let table = this.#tables.get(size)
    if (!table) {
      table = new RunTable(size)
      this.#tables.set(size, table)
    }
    let [a, b] = hashesOf(text, 0, size)
    for (let at = 0; ; at++) {
      table.add(a, b)
      if (at + size >= text.length) return
      const leaving = text.charCodeAt(at)
      const entering = text.charCodeAt(at + size)
      a = (Math.imul((a - Math.imul(leaving, table.leavingA)) | 0, baseA) + entering) | 0
      b = (Math.imul((b - Math.imul(leaving, table.leavingB)) | 0, baseB) + entering) | 0
    }
  }

  /** Whether `text` from `from` to `to` is one of the runs. */
  holds(text: string, from: number, to: number): boolean {
    const table = this.#tables.get(to - from)
    return table?.has(...hashesOf(text, from, to - from)) === true
  }

  /** The spans of `text` the runs cover, overlapping and adjoining ones joined. */
  find(text: string): Array<[number, number]> {
    const found: Array<[number, number]> = []
    for (const table of this.#tables.values()) scan(text, table, found)
    found.sort((a, b) => a[0] - b[0])
    const joined: Array<[number, number]> = []
    for (const span of found) {
      const last = joined.at(-1)
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1])
      else joined.push([...span])
    }
    return joined
  }
}
