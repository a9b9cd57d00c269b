import { createRequire } from 'node:module'

export interface LoadRequest {
  method: string
  /** Path after the URL's origin, query included. */
  path: string
  headers: Record<string, string>
  body?: string
}

export interface LoadOptions {
  /** The target's origin, e.g. `http://127.0.0.1:4010`. */
  origin: string
  /** Sent in turn on every connection: one request, or several to spread ids over a range. */
  requests: ReadonlyArray<LoadRequest>
  connections: number
  durationSeconds: number
}

export interface LoadResult {
  requestsPerSecond: number
  /** Latency percentiles in ms; autocannon records whole milliseconds. */
  p50Ms: number
  p99Ms: number
  meanMs: number
  /** Answers counted, by status code. */
  statusCodes: Record<string, number>
  non2xx: number
  errors: number
  timeouts: number
  totalRequests: number
  /** Mean bytes per answer, headers included. */
  bytesPerAnswer: number
}

interface AutocannonResult {
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
  latency: { p50: number; p99: number; mean: number }
  requests: { total: number }
  throughput: { total: number }
}
interface AutocannonInstance {
  stop(): void
}
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance

// autocannon ships no types; it is loaded as the CommonJS module it is.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/**
 * Drives one target with autocannon's programmatic API (in this process, one thread) and keeps the
 * figures the bench reports. A run that outlives its duration by 30 s is stopped, so none hangs.
 * @example await runAutocannon({ origin, requests: [{ method: 'GET', path: '/v1/pets?limit=20', headers }],
 *   connections: 32, durationSeconds: 10 })
 */
export function runAutocannon({ origin, requests, connections, durationSeconds }: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let watchdog: NodeJS.Timeout | undefined
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationSeconds,
        requests: requests.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
      },
      (error, result) => {
        clearTimeout(watchdog)
        if (error) return reject(error)
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
        )
        const answers = Object.values(statusCodes).reduce((sum, count) => sum + count, 0)
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          meanMs: result.latency.mean,
          statusCodes,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          totalRequests: result.requests.total,
          bytesPerAnswer: answers === 0 ? 0 : result.throughput.total / answers,
        })
      },
    )
    watchdog = setTimeout(() => instance.stop(), (durationSeconds + 30) * 1_000)
  })
}
