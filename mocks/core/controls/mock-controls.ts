import { type PetStoreState, readPetStoreState, replacePetStoreState } from '../../model/pet-store-state.ts'
import type { PetStoreCore } from '../create-pet-store-core.ts'
import { sessionName } from './mock-sessions.ts'
import type { JournalEntry, JournalFilter } from './request-journal.ts'
import type { MockRule, MockRuleInput } from './rule-set.ts'

/** Rules of one session: what `POST/GET/DELETE /__mock/rules` do over HTTP. */
interface RuleControls {
  /** Adds a rule; throws a `MockError` (400 `invalid_rule`) naming what is wrong. */
  add(rule: MockRuleInput): MockRule
  list(): Array<MockRule>
  /** False when no rule has the id. */
  remove(id: string): boolean
  clear(): void
}

/** The journal: what `GET/DELETE /__mock/requests` do over HTTP. */
interface JournalControls {
  /** Oldest first, filtered by method and path (as sent or as the spec writes it). */
  list(filter?: Omit<JournalFilter, 'session'>): Array<JournalEntry>
  clear(): void
}

/** One `X-Mock-Session`: send `headers` with your requests to use its store and rules. */
interface SessionControls {
  name: string
  headers: { 'x-mock-session': string }
  rules: RuleControls
  /** This session's requests only. */
  journal: JournalControls
  /** Back to the seeded store, ids included; its rules and requests forgotten. */
  reset(): Promise<void>
  /** Its pets, read and replaced (`GET/PUT /__mock/state` with the header). */
  state: {
    get(): Promise<PetStoreState>
    /** @throws InvalidPetsError naming the first bad pet; nothing is changed then */
    replace(state: unknown): Promise<void>
  }
}

/** The mock's controls as methods: the in-process and browser face of the admin API. */
export interface MockControls {
  /** The default store's rules. */
  rules: RuleControls
  /** Every session's requests, each with its `session`. */
  journal: JournalControls
  /** A session by name (1-64 of `A-Za-z0-9._-`), created on first use. */
  session(name: string): SessionControls
}

/**
 * The controls of a core as methods.
 * @example const controls = mockControls(core); controls.rules.add({ method: 'GET', path: '/v1/pets', status: 503 })
 */
export function mockControls(core: PetStoreCore): MockControls {
  const rulesOf = (name: string | null): RuleControls => ({
    add: (rule) => core.sessions.get(name).rules.add(rule),
    list: () => core.sessions.get(name).rules.list(),
    remove: (id) => core.sessions.get(name).rules.remove(id),
    clear: () => core.sessions.get(name).rules.clear(),
  })
  return {
    rules: rulesOf(null),
    journal: { list: (filter) => core.journal.list(filter), clear: () => core.journal.clear() },
    session(name) {
      const checked = sessionName(name) as string
      return {
        name: checked,
        headers: { 'x-mock-session': checked },
        rules: rulesOf(checked),
        journal: {
          list: (filter) => core.journal.list({ ...filter, session: checked }),
          clear: () => core.journal.clear(checked),
        },
        reset: () => core.reset(checked),
        state: {
          get: async () => readPetStoreState(await core.sessions.get(checked).model()),
          replace: async (state) => replacePetStoreState(await core.sessions.get(checked).model(), state),
        },
      }
    },
  }
}
