import { setTimeout as delay } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// Exposes V8's gc without a command-line flag, so that vitest workers and the CLI measure alike.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/**
 * Heap and RSS once the event loop has turned and the heap has been collected, so that a growth is
 * what is retained: in-process requests release about 1 KiB each only after a later tick (10,000
 * of them read as +10 MiB of heap when measured at once, +0 after 200 ms).
 * @example const before = await settledMemory(); ...; (await settledMemory()).heapUsed - before.heapUsed
 */
export async function settledMemory(): Promise<{ heapUsed: number; rss: number }> {
  for (let round = 0; round < 3; round++) {
    await delay(100)
    collectGarbage()
  }
  const { heapUsed, rss } = process.memoryUsage()
  return { heapUsed, rss }
}
