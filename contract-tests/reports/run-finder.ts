const base = 0x01000193
const bloomBits = 20

/** The runs of one length, by their rolling hash, and a bit for each hash (most positions are ruled out by it). */
interface RunTable {
  size: number
  /** `base` to the power `size - 1`: what the character leaving the window weighs in the hash. */
  leaving: number
  byHash: Map<number, Array<string>>
  bloom: Uint32Array
}

function hashOf(text: string, from: number, size: number): number {
  let hash = 0
  for (let at = from; at < from + size; at++) hash = (Math.imul(hash, base) + text.charCodeAt(at)) | 0
  return hash
}

function tableOf(size: number, runs: Set<string>): RunTable {
  const byHash = new Map<number, Array<string>>()
  const bloom = new Uint32Array(1 << (bloomBits - 5))
  for (const run of runs) {
    const hash = hashOf(run, 0, size)
    byHash.set(hash, [...(byHash.get(hash) ?? []), run])
    const bit = hash >>> (32 - bloomBits)
    bloom[bit >>> 5] = (bloom[bit >>> 5] as number) | (1 << (bit & 31))
  }
  let leaving = 1
  for (let step = 1; step < size; step++) leaving = Math.imul(leaving, base)
  return { size, leaving, byHash, bloom }
}

/** Where in `text` a run of the table starts: each match is `[start, start + size)`. */
function scan(text: string, table: RunTable, found: Array<[number, number]>): void {
  const { size, leaving, byHash, bloom } = table
  if (text.length < size) return
  let hash = hashOf(text, 0, size)
  for (let at = 0; ; at++) {
    const bit = hash >>> (32 - bloomBits)
    if (((bloom[bit >>> 5] as number) & (1 << (bit & 31))) !== 0) {
      if (byHash.get(hash)?.some((run) => text.startsWith(run, at))) found.push([at, at + size])
    }
    if (at + size >= text.length) return
    const out = Math.imul(text.charCodeAt(at), leaving)
    hash = (Math.imul((hash - out) | 0, base) + text.charCodeAt(at + size)) | 0
  }
}

/**
 * A finder of the given runs (by length) in a text, in one pass per length with a rolling hash: linear in the text
 * whatever the number of runs. It gives the spans of the text the runs cover, overlapping and adjoining ones joined.
 * @example runFinder(new Map([[3, new Set(['key'])]]))('a keykey b') // [[2, 8]]
 */
export function runFinder(runs: ReadonlyMap<number, Set<string>>): (text: string) => Array<[number, number]> {
  const tables = [...runs].map(([size, sized]) => tableOf(size, sized))
  return (text) => {
    const found: Array<[number, number]> = []
    for (const table of tables) scan(text, table, found)
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
