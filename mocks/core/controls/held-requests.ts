import { MockError } from '../mock-error.ts'

/** How long `fault=timeout` holds a request unless its client gives up first. */
export const faultTimeoutMs = 30_000

/**
 * The requests a mock holds at once for `delay=` and `fault=timeout` (a rule's or a `Prefer` header's):
 * at most `max`, each for at most 60 s plus `faultTimeoutMs`, and none past its client's departure. The
 * total time held is bounded so, and a client cannot make the mock keep more than `max` answers waiting.
 */
export interface HeldRequests {
  /** The most held at once: the core's setting, or less where a server lowered it (`limitTo`). */
  readonly max: number
  /**
   * Lowers `max` to `limit` (never raises it): what a server with fewer connections than the setting does, so
   * that held requests never take every connection. Those held already stay.
   * @example held.limitTo(469)
   */
  limitTo(limit: number): void
  /** How many are held now. */
  readonly count: number
  /**
   * Takes a place for one request, to give back with `release()`; throws a 503 `service_unavailable`
   * `MockError` when `max` are held already.
   */
  take(): void
  release(): void
}

/**
 * The held requests of one mock.
 * @example
 * const held = createHeldRequests(1000)
 * held.take()
 * try { await holdFor(150, signal) } finally { held.release() }
 */
export function createHeldRequests(max: number): HeldRequests {
  let count = 0
  return {
    get max() {
      return max
    },
    limitTo(limit) {
      max = Math.min(max, limit)
    },
    get count() {
      return count
    },
    take() {
      if (count >= max)
        throw new MockError(
          503,
          'service_unavailable',
          `The mock holds ${max} delayed or timed-out requests already (Prefer delay= or fault=timeout, ` +
            'or a rule); this one was not run. Retry once some have been answered.',
          { 'retry-after': '1' },
        )
      count++
    },
    release() {
      count--
    },
  }
}

/**
 * Waits `ms`, or less when `signal` aborts (the client went away): nothing waits for a client that left.
 * @example await holdFor(200, request.signal)
 */
export function holdFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}
