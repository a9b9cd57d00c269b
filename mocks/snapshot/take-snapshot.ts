import { listLimit } from '../../spec/resources.ts'
import { petStatuses } from '../../spec/schemas.ts'
import type { NewPet, Pet } from '../../spec/types.ts'
import { InvalidPetsError, parsePets } from '../model/parse-pets.ts'

interface SnapshotOptions {
  /** The deployment's pets API, e.g. `https://staging.example.com/v1`. */
  baseUrl: string
  apiKey: string
  /** Per-request timeout. Default 10,000 ms. */
  timeoutMs?: number
  fetch?: typeof fetch
}

interface Snapshot {
  /** The pets read, in id order, as a fixtures file holds them (without ids). */
  fixtures: Array<NewPet>
  /** The same pets with their ids. */
  pets: Array<Pet>
  /** Each list read: its query and how many pets it returned. */
  lists: Array<{ query: string; count: number }>
  /** The queries that returned a full page (`limit` pets): the deployment may hold more than it showed. */
  full: Array<string>
}

/** A deployment the snapshot could not read, or an answer the spec refuses; the message is one line. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SnapshotError'
  }
}

const maxBytes = 10_000_000

/**
 * Reads a deployment's pets with GET requests only: `GET /pets?limit=100` without a filter and once per
 * status. The interface has no paging beyond `limit`, so a deployment with more than 100 pets of a
 * status shows only the first 100 of them (`full` says where). Every pet is checked against the spec.
 * @example const { fixtures } = await takeSnapshot({ baseUrl: 'https://staging.example.com/v1', apiKey })
 * @throws SnapshotError for an unreachable deployment, an answer other than 200, or a pet the spec refuses
 */
export async function takeSnapshot({
  baseUrl,
  apiKey,
  timeoutMs = 10_000,
  fetch: send = fetch,
}: SnapshotOptions): Promise<Snapshot> {
  const { maximum } = listLimit('listPets')
  const base = baseUrl.replace(/\/+$/, '')
  const queries = [`limit=${maximum}`, ...petStatuses.map((status) => `limit=${maximum}&status=${status}`)]
  const byId = new Map<string, Pet>()
  const lists: Array<{ query: string; count: number }> = []
  for (const query of queries) {
    const pets = await readList(send, `${base}/pets?${query}`, `GET /pets?${query}`, apiKey, timeoutMs)
    lists.push({ query, count: pets.length })
    for (const pet of pets) if (!byId.has(String(pet.id))) byId.set(String(pet.id), pet)
  }
  const pets = [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
  return {
    pets,
    fixtures: pets.map(({ id: _id, ...pet }) => pet),
    lists,
    full: lists.filter((list) => list.count >= maximum).map((list) => list.query),
  }
}

async function readList(
  send: typeof fetch,
  url: string,
  shown: string,
  apiKey: string,
  timeoutMs: number,
): Promise<Array<Pet>> {
  let response: Response
  try {
    response = await send(url, {
      method: 'GET',
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      // Never followed: a redirect to another origin would carry the key there.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new SnapshotError(
      `Failed to read ${shown}: expected an answer, got ${describeFailure(error, timeoutMs)}. Check --base-url.`,
    )
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {})
    const remedy = response.status === 401 || response.status === 403 ? ' Check --api-key.' : ''
    throw new SnapshotError(`Failed to read ${shown}: expected 200, got ${response.status}.${remedy}`)
  }
  const text = await readCapped(response, shown)
  let list: unknown
  try {
    list = JSON.parse(text)
  } catch {
    throw new SnapshotError(`Failed to read ${shown}: expected a JSON array of Pet, got a body that is not JSON.`)
  }
  try {
    return parsePets(list, `${shown}`)
  } catch (error) {
    if (error instanceof InvalidPetsError) throw new SnapshotError(error.message)
    throw error
  }
}

async function readCapped(response: Response, shown: string): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    total += value.byteLength
    if (total > maxBytes) {
      reader.cancel().catch(() => {})
      throw new SnapshotError(`Failed to read ${shown}: expected at most ${maxBytes} bytes, got more.`)
    }
    text += decoder.decode(value, { stream: true })
  }
}

/** ECONNREFUSED, ENOTFOUND, "no answer within N ms", or the fetch error's own one-line reason ("bad port"). */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.message === 'string') return `"${cause.message.split('\n')[0]}"`
  return error instanceof Error ? `"${error.message.split('\n')[0]}"` : String(error)
}
