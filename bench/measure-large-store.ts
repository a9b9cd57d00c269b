import { setTimeout as delay } from 'node:timers/promises'
import { createPetStoreModel } from '../mocks/model/create-pet-store-model.ts'
import { type ExchangeRequest, httpExchange } from './http-exchange.ts'
import { median } from './median.ts'
import { startBenchTarget } from './start-bench-target.ts'

export interface LargeStoreOptions {
  root: string
  entry: ReadonlyArray<string>
  barePath: string
  /** The store sizes (`--pets`) to measure, e.g. 100,000 and 1,000,000. */
  sizes: ReadonlyArray<number>
  /** Resets and replaces timed per size; the median is kept. */
  repeats: number
  log: (line: string) => void
}

/** One store size: what a user with that many pets waits for, and what the server holds. */
export interface LargeStoreFigures {
  pets: number
  /** Spawn to the first answered request. */
  startupMs: number
  idleRssMb: number | null
  peakRssMb: number | null
  /** `GET /v1/pets/{id}` of the last pet, on a fresh connection. */
  readMs: number
  /** The first `GET /v1/pets/1` of a new `X-Mock-Session` (its store made on the way). */
  newSessionMs: number
  /** `POST /__mock/reset`. */
  resetMs: number
  /** A `GET /v1/pets/1` sent right after the reset, while it runs. */
  getDuringResetMs: number
  /** `PUT /__mock/state` with `replacePets` pets, replacing the whole store. */
  replaceMs: number
  replacePets: number
  getDuringReplaceMs: number
  /** In the bench's own process: a replace of every pet by itself (checked, sorted, indexed). */
  inProcessReplaceMs: number
  /** The longest the event loop stood still meanwhile: how long any other request or a signal waited at worst. */
  inProcessReplaceStallMs: number
  /** In-process reset after that replace. */
  inProcessResetMs: number
}

const auth = { authorization: 'Bearer petstore-dev-key' }
/** A state that fits the admin API's 1 MiB body limit. */
const replacePetCount = 10_000

/**
 * Our compiled mock seeded with each size in turn: start-up, memory, a read, a new session, and resets
 * and replaces timed with a GET sent while each runs; then a replace of the whole store in-process,
 * with the longest stall of the event loop it caused.
 * @example const figures = await measureLargeStore({ root, entry, barePath, sizes: [100_000], repeats: 3, log })
 */
export async function measureLargeStore(options: LargeStoreOptions): Promise<Array<LargeStoreFigures>> {
  const figures: Array<LargeStoreFigures> = []
  for (const pets of options.sizes) figures.push(await measureSize(options, pets))
  return figures
}

async function measureSize(options: LargeStoreOptions, pets: number): Promise<LargeStoreFigures> {
  const { root, entry, barePath, repeats, log } = options
  const target = await startBenchTarget('ours', { root, entry, barePath, pets })
  try {
    const origin = target.origin
    const api = `${origin}/v1`
    const get = (path: string, headers: Record<string, string> = {}): ExchangeRequest => ({
      method: 'GET',
      url: `${api}${path}`,
      headers: { ...auth, ...headers },
      timeoutMs: 60_000,
    })
    const readMs = median(await repeat(repeats, () => timed(get(`/pets/${pets}`))))
    await delay(250)
    const idleRssMb = target.memory()?.rssMb ?? null
    const newSessionMs = median(
      await repeat(repeats, (round) => timed(get('/pets/1', { 'x-mock-session': `bench-${round}` }))),
    )
    const reset = { method: 'POST', url: `${origin}/__mock/reset`, headers: {}, timeoutMs: 120_000 }
    const resets = await repeat(repeats, () => whileRunning(reset, get('/pets/1')))
    const state = {
      pets: Array.from({ length: replacePetCount }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1 })),
    }
    const replace = {
      method: 'PUT',
      url: `${origin}/__mock/state`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(state),
      timeoutMs: 120_000,
    }
    const replaces: Array<{ ms: number; getMs: number }> = []
    for (let round = 0; round < repeats; round++) {
      // Each replace meets a store of `pets` again, not the small one the last replace left.
      await timed(reset)
      replaces.push(await whileRunning(replace, get('/pets/1')))
    }
    await timed(reset)
    const peakRssMb = target.memory()?.peakRssMb ?? null
    const inProcess = await measureInProcess(pets)
    const result: LargeStoreFigures = {
      pets,
      startupMs: target.startupMs,
      idleRssMb,
      peakRssMb,
      readMs,
      newSessionMs,
      resetMs: median(resets.map((run) => run.ms)),
      getDuringResetMs: median(resets.map((run) => run.getMs)),
      replaceMs: median(replaces.map((run) => run.ms)),
      replacePets: replacePetCount,
      getDuringReplaceMs: median(replaces.map((run) => run.getMs)),
      ...inProcess,
    }
    log(
      `--pets ${pets}: start-up ${Math.round(result.startupMs)} ms, RSS ${Math.round(idleRssMb ?? 0)} MB, reset ` +
        `${result.resetMs.toFixed(1)} ms (a GET meanwhile ${result.getDuringResetMs.toFixed(1)} ms), replace ` +
        `${result.replaceMs.toFixed(1)} ms, in-process replace ${Math.round(result.inProcessReplaceMs)} ms ` +
        `(longest stall ${result.inProcessReplaceStallMs.toFixed(1)} ms)`,
    )
    return result
  } finally {
    await target.stop()
  }
}

async function repeat<T>(times: number, run: (round: number) => Promise<T>): Promise<Array<T>> {
  const results: Array<T> = []
  for (let round = 0; round < times; round++) results.push(await run(round))
  return results
}

/** Milliseconds for one request on a fresh connection; throws on an error status. */
async function timed(request: ExchangeRequest): Promise<number> {
  const started = performance.now()
  const answer = await httpExchange(request)
  if (answer.status >= 400)
    throw new Error(`Failed to measure ${request.method} ${request.url}: expected 2xx, got ${answer.status}.`)
  return performance.now() - started
}

/** `long` timed, with `probe` sent once `long` is on its way: how long a request waits while it runs. */
async function whileRunning(long: ExchangeRequest, probe: ExchangeRequest): Promise<{ ms: number; getMs: number }> {
  const running = timed(long)
  await delay(1)
  const [ms, getMs] = await Promise.all([running, timed(probe)])
  return { ms, getMs }
}

/** A replace of every pet and a reset, in this process, with the longest gap between two turns of its event loop. */
async function measureInProcess(
  pets: number,
): Promise<Pick<LargeStoreFigures, 'inProcessReplaceMs' | 'inProcessReplaceStallMs' | 'inProcessResetMs'>> {
  const model = await createPetStoreModel({ pets })
  const every = model.allPets().slice()
  let last = performance.now()
  let stall = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stall = Math.max(stall, now - last)
    last = now
  }, 1)
  const started = performance.now()
  await model.replacePets(every)
  const inProcessReplaceMs = performance.now() - started
  clearInterval(timer)
  stall = Math.max(stall, performance.now() - last)
  const resetStarted = performance.now()
  await model.reset()
  return { inProcessReplaceMs, inProcessReplaceStallMs: stall, inProcessResetMs: performance.now() - resetStarted }
}
