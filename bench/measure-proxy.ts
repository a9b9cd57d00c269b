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
  /** Every proxied answer the deployment's: no 5xx of the proxy's own, no error. */
  proxiedNon2xx: number
  rounds: number
}

/**
 * What judging live traffic costs: our mock measured directly and through the validating proxy in front of it, with
 * GET by id (the proxy forwards it, returns the answer, then judges it with every response check), the two taking
 * turns in mirrored order each round, both on loopback.
 * @example const figures = await measureProxy({ root, entry, connections: 32, durationSeconds: 2, rounds: 5, log })
 */
export async function measureProxy(options: {
  root: string
  entry: ReadonlyArray<string>
  connections: number
  durationSeconds: number
  rounds: number
  log: (line: string) => void
}): Promise<ProxyFigures> {
  const { root, entry, connections, durationSeconds, rounds, log } = options
  const kind = requestKinds.find((candidate) => candidate.key === 'get') ?? requestKinds[0]
  if (!kind) throw new Error('Failed to measure the proxy: the bench has no request kinds.')
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-proxy-'))
  let direct: BenchTarget | undefined
  let proxy: ProcessTarget | undefined
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
    const origins = { direct: direct.origin, proxied: new URL(proxy.baseUrl).origin }
    const load = (origin: string) => runAutocannon({ origin, requests: [request], connections, durationSeconds })
    // Unmeasured warm-up of both (the proxy's verdict cache, JIT).
    await load(origins.direct)
    await load(origins.proxied)
    const directRates: Array<number> = []
    const proxiedRates: Array<number> = []
    const ratios: Array<number> = []
    let proxiedNon2xx = 0
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['direct', 'proxied'] as const) : (['proxied', 'direct'] as const)
      const figures: Record<string, number> = {}
      for (const name of order) {
        const result = await load(origins[name])
        figures[name] = result.requestsPerSecond
        if (name === 'proxied') proxiedNon2xx += result.non2xx + result.errors
      }
      directRates.push(figures.direct ?? Number.NaN)
      proxiedRates.push(figures.proxied ?? Number.NaN)
      ratios.push((figures.proxied ?? Number.NaN) / (figures.direct ?? Number.NaN))
    }
    const result = {
      request: kind.label,
      directPerSecond: median(directRates),
      proxiedPerSecond: median(proxiedRates),
      ratio: median(ratios),
      proxiedNon2xx,
      rounds,
    }
    log(
      `proxy: ${kind.label} ${Math.round(result.proxiedPerSecond)} req/s proxied, ` +
        `${Math.round(result.directPerSecond)} direct (${result.ratio.toFixed(2)}x)`,
    )
    return result
  } finally {
    await proxy?.stop()
    await direct?.stop()
    await rm(reportDir, { recursive: true, force: true })
  }
}
