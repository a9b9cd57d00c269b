import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** Characters of large bodies read since the last collection past which the next one is asked for. */
const collectEvery = 8 * 1024 * 1024
/** A body of fewer characters than this costs nothing worth a collection. */
const largeBody = 256 * 1024

let read = 0
let collect: (() => void) | undefined

/**
 * Notes a body the client has read whole and let go of, and asks V8 for a full collection once large bodies worth
 * `collectEvery` characters have been dropped since the last one. V8 frees a large string only in a full collection,
 * which it starts by the heap's growth: a run whose every answer is a body of megabytes (a gzip bomb, JSON nested a
 * million levels) would grow the process past its memory goal (decision record 012) on garbage alone.
 * @example bodyDropped(bodyText.length)
 */
export function bodyDropped(characters: number): void {
  if (characters < largeBody) return
  read += characters
  if (read < collectEvery) return
  read = 0
  collect ??= exposedGc()
  collect()
}

/** V8's `gc()`, exposed for this process once: the flag is read when a new context is made. */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}
