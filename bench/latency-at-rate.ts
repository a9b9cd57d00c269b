import { Agent, request } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'

/** What a run at a fixed rate saw: every latency (ms, sent to body end) and how many requests failed. */
export interface RateRun {
  latenciesMs: Array<number>
  failed: number
}

/**
 * Sends `GET url` at a fixed rate for `durationMs` (an open loop: each request leaves when it is due, whatever the
 * answers before it did), on kept-alive connections, and times each from the moment it left to the end of its body.
 * Unlike a closed loop (autocannon), a slow answer does not slow the load, so its latency is not hidden.
 * @example const run = await latencyAtRate({ url, headers, ratePerSecond: 200, durationMs: 5_000 })
 */
export async function latencyAtRate({
  url,
  headers,
  ratePerSecond,
  durationMs,
}: {
  url: string
  headers: Record<string, string>
  ratePerSecond: number
  durationMs: number
}): Promise<RateRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const run: RateRun = { latenciesMs: [], failed: 0 }
  const pending = new Set<Promise<void>>()
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const sent = performance.now()
      const call = request(url, { agent, headers, timeout: 10_000 }, (answer) => {
        answer.resume()
        answer.on('end', () => {
          if (answer.statusCode === 200) run.latenciesMs.push(performance.now() - sent)
          else run.failed++
          resolve()
        })
      })
      call.on('timeout', () => call.destroy(new Error('timeout')))
      call.on('error', () => {
        run.failed++
        resolve()
      })
      call.end()
    })
  const started = performance.now()
  let sent = 0
  for (let now = 0; now < durationMs; now = performance.now() - started) {
    const due = Math.min(Math.floor((now * ratePerSecond) / 1_000) + 1, Math.ceil((durationMs * ratePerSecond) / 1_000))
    for (; sent < due; sent++) {
      const call = one()
      pending.add(call)
      void call.then(() => pending.delete(call))
    }
    await delay(1)
  }
  await Promise.all(pending)
  agent.destroy()
  return run
}

/**
 * The value below which `share` of the values fall (nearest rank); NaN for none.
 * @example percentile([1, 2, 3, 4], 0.5) // 2
 */
export function percentile(values: ReadonlyArray<number>, share: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] as number
}
