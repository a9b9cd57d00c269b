/** How much the generated and stateful phases explore, and how fast. */
export interface ExploreOptions {
  /** fast-check seed: the same seed sends the same requests. Printed with every run. */
  seed: number
  /** Generated examples per check (before shrinking). */
  maxExamples: number
  /** Requests in flight at once. */
  concurrency: number
  /** Time budget per check, in ms, shrinking included. */
  timeBudgetMs: number
}

export const defaultExploreOptions: ExploreOptions = {
  seed: 0,
  maxExamples: 40,
  concurrency: 8,
  timeBudgetMs: 20_000,
}

/**
 * Options with defaults filled in; a fresh seed when none is given.
 * @example exploreOptions({ seed: 42 })
 */
export function exploreOptions(options: Partial<ExploreOptions> = {}): ExploreOptions {
  return {
    ...defaultExploreOptions,
    seed: Math.floor(Math.random() * 2 ** 31),
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  }
}
