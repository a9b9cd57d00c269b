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
  /** How long a read waits before it is repeated, in ms: short by default (1 s), longer for a nightly run. */
  pauseMs?: number
}
