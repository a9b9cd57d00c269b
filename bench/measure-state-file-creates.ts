import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { developmentApiKey } from '../mocks/core/create-pet-store-core.ts'
import { createPetStoreModel } from '../mocks/model/create-pet-store-model.ts'
import { openStateFile } from '../mocks/persistence/state-file.ts'
import { median } from './median.ts'
import { type ProcessTarget, startProcessTarget } from './start-process-target.ts'

export interface StateFileCreatesOptions {
  /** The repository root, where `dist/serve.mjs` is (build it first: `ensureBuild`). */
  root: string
  /** Concurrent creates per burst, each on its own connection. Default 1,000. */
  creates?: number
  /** Measured bursts per server, alternating the two servers, after one warm-up burst each. Default 3. */
  rounds?: number
}

export interface StateFileCreatesResult {
  creates: number
  rounds: number
  /** Creates per second with `--state-file`, each 201 sent only once its pet is on disk (median of the rounds). */
  withStateFile: number
  /** The same bursts against the same server without `--state-file`, for scale. */
  inMemory: number
  /** Whether the state file held every acknowledged pet at the end. */
  allOnDisk: boolean
}

const headers = { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' }

/**
 * Sends bursts of `creates` concurrent `POST /v1/pets` (one connection each, kept alive between bursts) to
 * the standalone mock as `npm start` runs it, with and without `--state-file`, alternating the two, and
 * reports creates per second: what the state file's group commits cost.
 * @example const { withStateFile } = await measureStateFileCreates({ root: process.cwd() })
 */
export async function measureStateFileCreates(options: StateFileCreatesOptions): Promise<StateFileCreatesResult> {
  const { root, creates = 1000, rounds = 3 } = options
  const directory = await mkdtemp(join(tmpdir(), 'petstore-bench-state-'))
  const file = join(directory, 'pets.json')
  const agent = new Agent({ keepAlive: true, maxSockets: creates })
  const targets: Array<ProcessTarget> = []
  try {
    const durable = await startTarget(root, ['--state-file', file])
    targets.push(durable)
    const memory = await startTarget(root, [])
    targets.push(memory)
    const rates = { durable: [] as Array<number>, memory: [] as Array<number> }
    const acknowledged: Array<number> = []
    for (let round = 0; round <= rounds; round++) {
      const durableBurst = await burst(agent, durable.baseUrl, creates)
      const memoryBurst = await burst(agent, memory.baseUrl, creates)
      acknowledged.push(...durableBurst.ids)
      // Round 0 opens the connections: a warm-up, not measured.
      if (round === 0) continue
      rates.durable.push(durableBurst.perSecond)
      rates.memory.push(memoryBurst.perSecond)
    }
    const stored = JSON.parse(await readFile(file, 'utf8')) as { pets: Array<{ id: number }> }
    const storedIds = new Set(stored.pets.map((pet) => pet.id))
    return {
      creates,
      rounds,
      withStateFile: median(rates.durable),
      inMemory: median(rates.memory),
      allOnDisk: acknowledged.every((id) => storedIds.has(id)),
    }
  } finally {
    agent.destroy()
    await Promise.all(targets.map((target) => target.stop()))
    await rm(directory, { recursive: true, force: true })
  }
}

function startTarget(root: string, extra: Array<string>): Promise<ProcessTarget> {
  return startProcessTarget({
    name: extra.length > 0 ? 'ours --state-file' : 'ours',
    args: ['dist/serve.mjs', '--port', '0', '--pets', '50', ...extra],
    cwd: root,
    env: { ...process.env, PETSTORE_API_KEY: '' },
    readyPattern: /ready: (http:\/\/\S+\/v1)/,
    probe: { path: '/pets?limit=1', headers },
  })
}

async function burst(
  agent: Agent,
  baseUrl: string,
  creates: number,
): Promise<{ perSecond: number; ids: Array<number> }> {
  const started = performance.now()
  const ids = await Promise.all(Array.from({ length: creates }, (_, i) => create(agent, baseUrl, `Bench ${i}`)))
  return { perSecond: creates / ((performance.now() - started) / 1000), ids }
}

function create(agent: Agent, baseUrl: string, name: string, retried = false): Promise<number> {
  const body = JSON.stringify({ name, categoryId: 1, status: 'available' })
  return new Promise((resolve, reject) => {
    const sent = request(
      `${baseUrl}/pets`,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: 60_000 },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => {
          if (response.statusCode === 201) resolve((JSON.parse(text) as { id: number }).id)
          else reject(new Error(`Failed to create a pet in the bench: expected 201, got ${response.statusCode}.`))
        })
      },
    )
    sent.on('timeout', () => sent.destroy(new Error('Failed to create a pet in the bench: no answer within 60 s.')))
    sent.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle while this request took it (a slow burst on a busy
      // machine passes the server's 5 s keep-alive): nothing was sent, so it is sent again, once (as node's
      // documentation advises).
      if (sent.reusedSocket && error.code === 'ECONNRESET' && !retried)
        create(agent, baseUrl, name, true).then(resolve, reject)
      else reject(error)
    })
    sent.end(body)
  })
}

/**
 * The same bursts without HTTP: the model and the state file in this process, so the figure is the disk's
 * part alone. Reports creates/s with and without the file, and how many times the file was written per burst.
 * @example const { perSecond, writesPerBurst } = await measureStateFileInProcess({ creates: 1000, rounds: 3 })
 */
export async function measureStateFileInProcess(options: {
  creates?: number
  rounds?: number
}): Promise<{ perSecond: number; inMemory: number; writesPerBurst: number }> {
  const { creates = 1000, rounds = 3 } = options
  const directory = await mkdtemp(join(tmpdir(), 'petstore-bench-state-'))
  try {
    const stateFile = await openStateFile(join(directory, 'pets.json'))
    const model = await createPetStoreModel({ pets: 50, commit: stateFile.commit })
    await stateFile.attach(model)
    const plain = await createPetStoreModel({ pets: 50 })
    const rates: Array<number> = []
    const plainRates: Array<number> = []
    const writes: Array<number> = []
    const burstOf = async (target: typeof model): Promise<number> => {
      const started = performance.now()
      await Promise.all(
        Array.from({ length: creates }, (_, i) => target.createPet({ name: `Bench ${i}`, categoryId: 1 })),
      )
      return creates / ((performance.now() - started) / 1000)
    }
    for (let round = 0; round < rounds; round++) {
      const flushesBefore = stateFile.flushes
      rates.push(await burstOf(model))
      writes.push(stateFile.flushes - flushesBefore)
      plainRates.push(await burstOf(plain))
    }
    return { perSecond: median(rates), inMemory: median(plainRates), writesPerBurst: median(writes) }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
