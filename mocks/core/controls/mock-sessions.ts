import type { PetStoreModel } from '../../model/create-pet-store-model.ts'
import type { BasePaths } from '../base-paths.ts'
import { MockError } from '../mock-error.ts'
import { createRuleSet, type RuleSet } from './rule-set.ts'

/** One client's own mock: a store seeded like the default one, and its own rules. */
interface MockSession {
  /** The `X-Mock-Session` name, or null for the default store. */
  readonly name: string | null
  readonly rules: RuleSet
  /** The session's store, seeded on first use. */
  model(): PetStoreModel | Promise<PetStoreModel>
  /** Back to the seeded store (ids included), rules cleared. */
  reset(): Promise<void>
}

/** A named session, which the sessions drop past their limit or on a reset of all. */
interface NamedSession extends MockSession {
  /** Gives its store's pets back to `--max-pets`, the server's total: the session is being dropped. */
  release(): void
}

export interface MockSessions {
  readonly default: MockSession
  /** The named session (created lazily, the least recently used dropped past the limit), or the default one. */
  get(name: string | null): MockSession
  /** Drops every named session and resets the default one. */
  resetAll(): Promise<void>
  /** The named sessions, least recently used first, without using them (the order stays as it is). */
  list(): Array<MockSession & { name: string }>
  readonly size: number
}

interface MockSessionsOptions {
  /** The default store. */
  model: PetStoreModel
  /**
   * A store seeded exactly like the default one, for each new session; `createSeedSharingModels` makes
   * them share the seeded pets, so that a session costs what it changes.
   */
  createModel: () => Promise<PetStoreModel>
  /** Default 1000. */
  maxSessions?: number
  /** Where the mock's bases are, for the rules' paths. Default: the spec's (`/v1`, the root). */
  basePaths?: BasePaths
}

const sessionPattern = /^[A-Za-z0-9._-]{1,64}$/

/**
 * Reads an `X-Mock-Session` header: null when absent, the name when valid, else a 400 `invalid_session`.
 * @example sessionName('e2e-worker-3') // 'e2e-worker-3'
 */
export function sessionName(header: string | null | undefined): string | null {
  if (header === null || header === undefined) return null
  if (sessionPattern.test(header)) return header
  throw new MockError(
    400,
    'invalid_session',
    `The X-Mock-Session header must be 1 to 64 of A-Z a-z 0-9 . _ -, got ${JSON.stringify(header.slice(0, 70))}.`,
  )
}

/**
 * The sessions of one mock: the default store plus a store per `X-Mock-Session`, created when first
 * named, at most `maxSessions` of them, least recently used dropped first.
 * @example const sessions = createMockSessions({ model, createModel: createSeedSharingModels(model.options) })
 */
export function createMockSessions({
  model,
  createModel,
  maxSessions = 1000,
  basePaths,
}: MockSessionsOptions): MockSessions {
  const seed = model.options.seed
  const defaultRules = createRuleSet(seed, basePaths)
  const defaultSession: MockSession = {
    name: null,
    rules: defaultRules,
    model: () => model,
    async reset() {
      defaultRules.clear()
      await model.reset()
    },
  }
  const named = new Map<string, NamedSession>()

  function createSession(name: string): NamedSession {
    const rules = createRuleSet(seed, basePaths)
    let creating: Promise<PetStoreModel> | undefined
    let ready: PetStoreModel | undefined
    return {
      name,
      rules,
      model() {
        if (ready) return ready
        creating ??= createModel().then((created) => (ready = created))
        return creating
      },
      async reset() {
        rules.clear()
        if (creating) await (await creating).reset()
      },
      release() {
        // A store that failed to build holds nothing to give back.
        creating?.then(
          (created) => created.release(),
          () => {},
        )
      },
    }
  }

  return {
    default: defaultSession,
    get size() {
      return named.size
    },
    get(name) {
      if (name === null) return defaultSession
      let session = named.get(name)
      if (session) {
        // Most recently used last: the map's order is the eviction order.
        named.delete(name)
      } else {
        session = createSession(name)
        if (named.size >= maxSessions) {
          const [oldest, dropped] = named.entries().next().value as [string, NamedSession]
          named.delete(oldest)
          dropped.release()
        }
      }
      named.set(name, session)
      return session
    },
    list: () => [...named.values()] as Array<MockSession & { name: string }>,
    async resetAll() {
      for (const session of named.values()) session.release()
      named.clear()
      await defaultSession.reset()
    },
  }
}
