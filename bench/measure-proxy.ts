import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median } from './median.ts'
import { requestKinds, toLoadRequest } from './request-kinds.ts'
import { runAutocannon } from './run-autocannon.ts'
import { type BenchTarget, startBenchTarget } from './start-bench-target.ts'
import { type ProcessTarget, startProcessTarget } from './start-process-target.ts'

/** GET by id straight to our mock and through `petstore-mock --proxy` in front of it, in the same rounds. */
export interface ProxyFigures {
  request: string
  /** Requests per second, the median over rounds. */
  directPerSecond: number
  proxiedPerSecond: number
  /** The median of the rounds' proxied/direct ratios. */
  ratio: number
  /**
   * The same through a relay that parses nothing (bench/tcp-relay.mjs) in the same turns: the most any proxy written
   * in Node reaches here, and the median of its ratios to direct.
   */
  relayPerSecond: number
  relayRatio: number
  /** Every proxied answer the deployment's: no 5xx of the proxy's own, no error. */
  proxiedNon2xx: number
  rounds: number
}

/**
 * What judging live traffic costs: our mock measured directly and through the validating proxy in front of it, with
 * GET by id (the proxy forwards it, returns the answer, then judges it with every response check), the two taking
 * turns in mirrored order each round, both on loopback.
 * @example const figures = await measureProxy({ root, entry, connections: 32, durationSeconds: 2, rounds: 5,
 *   warmUp: true, log })
 */
export async function measureProxy(options: {
  root: string
  entry: ReadonlyArray<string>
  connections: number
  durationSeconds: number
  rounds: number
  /** Whether each gets an unmeasured warm-up first; the smoke run skips it. */
  warmUp: boolean
  log: (line: string) => void
}): Promise<ProxyFigures> {
  const { root, entry, connections, durationSeconds, rounds, warmUp, log } = options
  const kind = requestKinds.find((candidate) => candidate.key === 'get') ?? requestKinds[0]
  if (!kind) throw new Error('Failed to measure the proxy: the bench has no request kinds.')
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-proxy-'))
  let direct: BenchTarget | undefined
  let proxy: ProcessTarget | undefined
  let relay: ProcessTarget | undefined
  try {
    direct = await startBenchTarget('ours', { root, entry, barePath: '' })
    const request = toLoadRequest(kind, '/v1')
    proxy = await startProcessTarget({
      name: 'proxy',
      args: [
        ...entry,
        '--proxy',
        `${direct.origin}/v1`,
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--report-dir',
        reportDir,
      ],
      cwd: root,
      env: { ...process.env, PETSTORE_API_KEY: '' },
      readyPattern: /proxy ready: (http:\/\/\S+)/,
      probe: { path: request.path.replace(/^\/v1/, ''), headers: request.headers },
      timeoutMs: 30_000,
    })
    relay = await startProcessTarget({
      name: 'relay',
      args: [join(root, 'bench/tcp-relay.mjs'), new URL(direct.origin).port],
      readyPattern: /relay ready: (http:\/\/\S+)/,
      probe: { path: request.path, headers: request.headers },
      timeoutMs: 30_000,
    })
    const origins = { direct: direct.origin, proxied: new URL(proxy.baseUrl).origin, relay: relay.baseUrl }
    const load = (origin: string) => runAutocannon({ origin, requests: [request], connections, durationSeconds })
    // Unmeasured warm-up of each (the proxy's verdict cache, JIT).
    for (const origin of warmUp ? Object.values(origins) : []) await load(origin)
    const rates = { direct: [] as Array<number>, proxied: [] as Array<number>, relay: [] as Array<number> }
    const ratios = { proxied: [] as Array<number>, relay: [] as Array<number> }
    let proxiedNon2xx = 0
    for (let round = 0; round < rounds; round++) {
      const order =
        round % 2 === 0 ? (['direct', 'proxied', 'relay'] as const) : (['relay', 'proxied', 'direct'] as const)
      for (const name of order) {
        const result = await load(origins[name])
        rates[name].push(result.requestsPerSecond)
        if (name === 'proxied') proxiedNon2xx += result.non2xx + result.errors
      }
      // This round's figures: each list has one per round.
      const directRate = rates.direct[round] as number
      ratios.proxied.push((rates.proxied[round] as number) / directRate)
      ratios.relay.push((rates.relay[round] as number) / directRate)
    }
    const result = {
      request: kind.label,
      directPerSecond: median(rates.direct),
      proxiedPerSecond: median(rates.proxied),
      ratio: median(ratios.proxied),
      relayPerSecond: median(rates.relay),
      relayRatio: median(ratios.relay),
      proxiedNon2xx,
      rounds,
    }
    log(
      `proxy: ${kind.label} ${Math.round(result.proxiedPerSecond)} req/s proxied, ` +
        `${Math.round(result.directPerSecond)} direct (${result.ratio.toFixed(2)}x); a relay that parses nothing ` +
        `${Math.round(result.relayPerSecond)} (${result.relayRatio.toFixed(2)}x)`,
    )
    return result
  } finally {
    await relay?.stop()
    await proxy?.stop()
    await direct?.stop()
    await rm(reportDir, { recursive: true, force: true })
  }
}
