import type { OperationSpec } from '../../../spec/operations.ts'

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

/**
 * What a caller records, formatted only when listed: the arrival time as `performance.now()`, the raw
 * duration and the operation.
 */
export type JournalRecord = Omit<JournalEntry, 'at'> & { at: number; route: OperationSpec | null }

const basePaths = { pets: '/v1', messages: '' } as const

export interface JournalFilter {
  /** Case-insensitive. */
  method?: string
  /** The path as sent (`/v1/pets/7`) or as the spec writes it (`/v1/pets/{petId}`). */
  path?: string
  session?: string | null
}

export interface RequestJournal {
  record(entry: JournalRecord): void
  /** Oldest first. */
  list(filter?: JournalFilter): Array<JournalEntry>
  /** Forgets every request, or only those of one session. */
  clear(session?: string | null): void
  readonly capacity: number
}

/**
 * The last `capacity` requests, in a ring: recording costs the same whether it holds 1 or 1,000.
 * @example const journal = createRequestJournal(1000); journal.list({ method: 'POST' })
 */
export function createRequestJournal(capacity: number): RequestJournal {
  let ring: Array<JournalRecord | undefined> = new Array(capacity)
  let next = 0
  let count = 0

  const ordered = (): Array<JournalRecord> => {
    const start = count < capacity ? 0 : next
    const entries: Array<JournalRecord> = []
    for (let offset = 0; offset < count; offset++) entries.push(ring[(start + offset) % capacity] as JournalRecord)
    return entries
  }

  return {
    capacity,
    record(entry) {
      if (capacity === 0) return
      ring[next] = entry
      next = (next + 1) % capacity
      if (count < capacity) count++
    },
    list(filter = {}) {
      const method = filter.method?.toUpperCase()
      return ordered()
        .filter(
          (entry) =>
            (method === undefined || entry.method === method) &&
            (filter.path === undefined || entry.path === filter.path || specPath(entry.route) === filter.path) &&
            (filter.session === undefined || entry.session === filter.session),
        )
        .map(({ route: _route, ...entry }) => ({
          ...entry,
          durationMs: Math.round(entry.durationMs * 100) / 100,
          at: new Date(performance.timeOrigin + entry.at).toISOString(),
        }))
    },
    clear(session) {
      const kept = session === undefined ? [] : ordered().filter((entry) => entry.session !== session)
      ring = new Array(capacity)
      next = 0
      count = 0
      for (const entry of kept) this.record(entry)
    },
  }
}

function specPath(route: OperationSpec | null): string | undefined {
  return route ? `${basePaths[route.base]}${route.path}` : undefined
}
