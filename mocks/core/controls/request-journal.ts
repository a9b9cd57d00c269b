import type { OperationSpec } from '../../../spec/operations.ts'
import { type BasePaths, operationPaths, specBasePaths } from '../base-paths.ts'

/** One request as the journal keeps it: never a header, so never a credential. */
export interface JournalEntry {
  method: string
  /** The path as the client sent it, still percent-encoded: `/v1/pets/7`. */
  path: string
  /** The raw query, without `?`. */
  query: string
  /** Null when the mock answered nothing (`fault=reset` or `timeout`). */
  status: number | null
  durationMs: number
  /** When the request arrived, ISO 8601. */
  at: string
  /** The `X-Mock-Session` it came with, or null for the default store. */
  session: string | null
  /** The spec's operation it reached, or null (unknown path or method). */
  operationId: string | null
}

export interface JournalFilter {
  /** Case-insensitive. */
  method?: string
  /** The path as sent (`/v1/pets/7`) or as the spec writes it (`/v1/pets/{petId}`, or under the mock's base). */
  path?: string
  session?: string | null
}

/**
 * One request as the router hands it to the journal, before formatting: `at` is its arrival as
 * `performance.now()`, `route` the operation it reached. The journal copies its fields and keeps no reference to it.
 */
export interface JournalRecord {
  method: string
  path: string
  /** The raw query, without `?`. */
  search: string
  status: number | null
  durationMs: number
  at: number
  session: string | null
  route: OperationSpec | null
}

export interface RequestJournal {
  /** Records one request, formatted only when listed. */
  record(entry: Readonly<JournalRecord>): void
  /** Oldest first. */
  list(filter?: JournalFilter): Array<JournalEntry>
  /** Forgets every request, or only those of one session. */
  clear(session?: string | null): void
  readonly capacity: number
}

/**
 * The last `capacity` requests, in a ring of one array per field: recording costs the same whether it
 * holds 1 or 1,000, and keeps no object (the record it is handed is copied field by field and dropped at
 * once; one kept per request would outlive several collections of the young generation and cost every
 * request its copying).
 * `basePaths`: where the mock's bases are, for a filter by path template in the form the client sends.
 * @example const journal = createRequestJournal(1000); journal.list({ method: 'POST' })
 */
export function createRequestJournal(capacity: number, basePaths: BasePaths = specBasePaths): RequestJournal {
  const methods: Array<string> = new Array(capacity).fill('')
  const paths: Array<string> = new Array(capacity).fill('')
  const queries: Array<string> = new Array(capacity).fill('')
  // -1: no answer (a fault).
  const statuses = new Int16Array(capacity)
  const durations = new Float64Array(capacity)
  const arrivals = new Float64Array(capacity)
  const sessions: Array<string | null> = new Array(capacity).fill(null)
  const routes: Array<OperationSpec | null> = new Array(capacity).fill(null)
  let next = 0
  let count = 0

  /** The ring's slots, oldest first. */
  const slots = (): Array<number> => {
    const start = count < capacity ? 0 : next
    return Array.from({ length: count }, (_, offset) => (start + offset) % capacity)
  }
  const record: RequestJournal['record'] = (entry) => {
    if (capacity === 0) return
    methods[next] = entry.method
    paths[next] = entry.path
    queries[next] = entry.search
    statuses[next] = entry.status ?? -1
    durations[next] = entry.durationMs
    arrivals[next] = entry.at
    sessions[next] = entry.session
    routes[next] = entry.route
    next = next + 1 === capacity ? 0 : next + 1
    if (count < capacity) count++
  }
  /** The record a slot holds, as `record` took it. */
  const recordAt = (slot: number): JournalRecord => ({
    method: methods[slot] as string,
    path: paths[slot] as string,
    search: queries[slot] as string,
    status: (statuses[slot] as number) === -1 ? null : (statuses[slot] as number),
    durationMs: durations[slot] as number,
    at: arrivals[slot] as number,
    session: sessions[slot] ?? null,
    route: routes[slot] ?? null,
  })

  return {
    capacity,
    record,
    list(filter = {}) {
      const method = filter.method?.toUpperCase()
      return slots()
        .filter(
          (slot) =>
            (method === undefined || methods[slot] === method) &&
            (filter.path === undefined ||
              paths[slot] === filter.path ||
              namesOperation(routes[slot] ?? null, filter.path, basePaths)) &&
            (filter.session === undefined || sessions[slot] === filter.session),
        )
        .map((slot) => {
          const entry = recordAt(slot)
          return {
            method: entry.method,
            path: entry.path,
            query: entry.search,
            status: entry.status,
            durationMs: Math.round(entry.durationMs * 100) / 100,
            at: new Date(performance.timeOrigin + entry.at).toISOString(),
            session: entry.session,
            operationId: entry.route?.operationId ?? null,
          }
        })
    },
    clear(session) {
      const kept = session === undefined ? [] : slots().filter((slot) => sessions[slot] !== session)
      const copies = kept.map(recordAt)
      methods.fill('')
      paths.fill('')
      queries.fill('')
      sessions.fill(null)
      routes.fill(null)
      next = 0
      count = 0
      for (const copy of copies) record(copy)
    },
  }
}

function namesOperation(route: OperationSpec | null, path: string, basePaths: BasePaths): boolean {
  return route !== null && operationPaths(route, basePaths).includes(path)
}
