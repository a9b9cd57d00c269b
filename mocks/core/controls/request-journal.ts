import type { OperationSpec } from '../../../spec/operations.ts'
import { type BasePaths, operationPaths, specBasePaths } from '../base-paths.ts'

/** One request as the journal keeps it: never a header, so never a credential. */
export interface JournalEntry {
  method: string
  /** The path as the client sent it, still percent-encoded: `/v1/pets/7`. */
  path: string
  /** The raw query, without `?`. */
  query: string
  /** Null when no answer left the mock: a fault asked for (`fault=reset` or `timeout`), or a dropped request. */
  status: number | null
  /**
   * What became of the request: `answered` (with `status`), `fault` (no answer, as a `fault=reset` or `timeout`
   * asked), or `dropped: <why>` when the answer never left the mock: the connection closed first (the client
   * left, the server closed it at its connection limit or for pipelining too much, or it stopped).
   */
  outcome: JournalOutcome
  durationMs: number
  /** When the request arrived, ISO 8601. */
  at: string
  /** The `X-Mock-Session` it came with, or null for the default store. */
  session: string | null
  /** The spec's operation it reached, or null (unknown path or method). */
  operationId: string | null
  /**
   * Set by the proxy (`--proxy`) only: what the contract suite's checks found in the deployment's answer (its
   * violations and deviations), or why no answer came (`error`). Empty when the answer passed every check.
   */
  findings?: ReadonlyArray<JournalFinding>
}

/** One finding of the proxy beside a journaled request (`JournalEntry.findings`). */
export interface JournalFinding {
  level: 'violation' | 'deviation' | 'error'
  /** The check's name (`response_schema_conformance`), or `deployment_answer` for an answer that did not come. */
  check: string
  message: string
}

/** What became of a journaled request (`JournalEntry.outcome`). */
type JournalOutcome = 'answered' | 'fault' | `dropped: ${string}`

export interface JournalFilter {
  /** Case-insensitive. */
  method?: string
  /** The path as sent (`/v1/pets/7`) or as the spec writes it (`/v1/owners/{ownerId}`, or under the mock's base). */
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
  /** The proxy's findings on the answer (`JournalEntry.findings`). */
  findings?: ReadonlyArray<JournalFinding>
}

export interface RequestJournal {
  /**
   * Records one request, formatted only when listed; returns its ticket, for `drop` should its answer never
   * leave the mock.
   */
  record(entry: Readonly<JournalRecord>): number
  /**
   * Marks a recorded request whose answer never left the mock (its connection closed first): its status becomes
   * null, its outcome `dropped: <reason>`. A ticket the journal no longer holds (cleared, or overwritten by newer
   * requests) changes nothing.
   * @example journal.drop(ticket, 'the client closed the connection before the answer was sent')
   */
  drop(ticket: number, reason: string): void
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
  // Each entry's ticket (0: none), and why its answer never left, for a dropped one ('' otherwise).
  const tickets = new Float64Array(capacity)
  const dropped: Array<string> = new Array(capacity).fill('')
  // The proxy's findings on each answer; undefined for the mock's own answers.
  const findings: Array<ReadonlyArray<JournalFinding> | undefined> = new Array(capacity).fill(undefined)
  let next = 0
  let count = 0
  let issued = 0

  /** The ring's slots, oldest first. */
  const slots = (): Array<number> => {
    const start = count < capacity ? 0 : next
    return Array.from({ length: count }, (_, offset) => (start + offset) % capacity)
  }
  /** Stores a record in the next slot under `ticket`, `reason` its drop's if it was dropped. */
  const put = (entry: Readonly<JournalRecord>, ticket: number, reason: string): number => {
    if (capacity === 0) return ticket
    tickets[next] = ticket
    dropped[next] = reason
    methods[next] = entry.method
    paths[next] = entry.path
    queries[next] = entry.search
    statuses[next] = entry.status ?? -1
    durations[next] = entry.durationMs
    arrivals[next] = entry.at
    sessions[next] = entry.session
    routes[next] = entry.route
    findings[next] = entry.findings
    next = next + 1 === capacity ? 0 : next + 1
    if (count < capacity) count++
    return ticket
  }
  const record: RequestJournal['record'] = (entry) => put(entry, ++issued, '')
  /** The slot holding `ticket`, searched from the newest: a dropped answer is one of the last requests. */
  const slotOf = (ticket: number): number => {
    for (let offset = 1; offset <= count; offset++) {
      const slot = (next - offset + capacity) % capacity
      if (tickets[slot] === ticket) return slot
    }
    return -1
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
    ...(findings[slot] && { findings: findings[slot] }),
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
        .map((slot): JournalEntry => {
          const entry = recordAt(slot)
          const reason = dropped[slot] as string
          return {
            method: entry.method,
            path: entry.path,
            query: entry.search,
            status: entry.status,
            outcome: reason !== '' ? `dropped: ${reason}` : entry.status === null ? 'fault' : 'answered',
            durationMs: Math.round(entry.durationMs * 100) / 100,
            at: new Date(performance.timeOrigin + entry.at).toISOString(),
            session: entry.session,
            operationId: entry.route?.operationId ?? null,
            ...(entry.findings && { findings: entry.findings }),
          }
        })
    },
    drop(ticket, reason) {
      const slot = slotOf(ticket)
      if (slot === -1) return
      statuses[slot] = -1
      dropped[slot] = reason
    },
    clear(session) {
      const kept = session === undefined ? [] : slots().filter((slot) => sessions[slot] !== session)
      // Their tickets are kept, so that an answer still on its way can be marked dropped.
      const copies = kept.map((slot) => ({
        record: recordAt(slot),
        ticket: tickets[slot] as number,
        reason: dropped[slot] as string,
      }))
      tickets.fill(0)
      dropped.fill('')
      methods.fill('')
      paths.fill('')
      queries.fill('')
      sessions.fill(null)
      routes.fill(null)
      findings.fill(undefined)
      next = 0
      count = 0
      for (const copy of copies) put(copy.record, copy.ticket, copy.reason)
    },
  }
}

function namesOperation(route: OperationSpec | null, path: string, basePaths: BasePaths): boolean {
  return route !== null && operationPaths(route, basePaths).includes(path)
}
