import type { ExploreOptions } from '../shared/explore-options.ts'

export type { ExploreOptions }

export const defaultExploreOptions: ExploreOptions = {
  seed: 0,
  maxExamples: 40,
  concurrency: 8,
  timeBudgetMs: 20_000,
  pauseMs: 1_000,
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
