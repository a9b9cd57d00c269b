import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { latencyAtRate, percentile } from './latency-at-rate.ts'
import { median } from './median.ts'
import { requestKinds, toLoadRequest } from './request-kinds.ts'
import { runAutocannon } from './run-autocannon.ts'
import { type BenchTarget, startBenchTarget } from './start-bench-target.ts'
import { type ProcessTarget, startProcessTarget } from './start-process-target.ts'

/** The latency the proxy adds, at a fixed rate against a deployment that takes its time, measured in the same run. */
export interface ProxyLatency {
  ratePerSecond: number
  /** How long the deployment takes to answer each request. */
  deploymentDelayMs: number
  rounds: number
  secondsPerRound: number
  /** Latencies sent straight to the deployment and through the proxy: the medians over rounds. */
  directMedianMs: number
  directP99Ms: number
  proxiedMedianMs: number
  proxiedP99Ms: number
  /** Proxied minus direct, each round's, the median over rounds. */
  addedMedianMs: number
  addedP99Ms: number
  /** The same for the ten-line proxy (bench/minimal-proxy.mjs), for scale. */
  minimalAddedMedianMs: number
  minimalAddedP99Ms: number
  /** Requests timed through our proxy in all, and those that failed (none should). */
  samples: number
  failed: number
}

/** GET by id straight to our mock, through `petstore-mock --proxy` in front of it and through two peers, in turns. */
export interface ProxyFigures {
  request: string
  /** Requests per second, the median over rounds. */
  directPerSecond: number
  proxiedPerSecond: number
  /** The median of the rounds' proxied/direct ratios. */
  ratio: number
  /** A ten-line node:http proxy with a keep-alive agent (bench/minimal-proxy.mjs), in the same turns. */
  minimalPerSecond: number
  /** The median of the rounds' proxied/minimal ratios: the throughput goal. */
  minimalRatio: number
  /** A relay that parses nothing (bench/tcp-relay.mjs) in the same turns, and the median of its ratios to direct. */
  relayPerSecond: number
  relayRatio: number
  /** Every proxied answer the deployment's: no 5xx of the proxy's own, no error. */
  proxiedNon2xx: number
  rounds: number
  latency: ProxyLatency
}

interface ProxyOptions {
  root: string
  entry: ReadonlyArray<string>
  connections: number
  durationSeconds: number
  rounds: number
  /** Whether each gets an unmeasured warm-up first; the smoke run skips it. */
  warmUp: boolean
  log: (line: string) => void
}

/** The rate and the deployment's own latency the latency goal is stated at. */
const ratePerSecond = 200
const deploymentDelayMs = 10

const readyLine = (name: string) => new RegExp(`${name} ready: (http:\\/\\/\\S+)`)

/** Our proxy (as `npm start -- --proxy` runs it) in front of `origin`. */
function startOurProxy(options: ProxyOptions, origin: string, reportDir: string, probePath: string) {
  const request = toLoadRequest({ method: 'GET', path: '/pets/1' }, '/v1')
  return startProcessTarget({
    name: 'proxy',
    args: [
      ...options.entry,
      ...['--proxy', `${origin}/v1`, '--port', '0', '--host', '127.0.0.1', '--report-dir', reportDir],
    ],
    cwd: options.root,
    env: { ...process.env, PETSTORE_API_KEY: '' },
    readyPattern: /proxy ready: (http:\/\/\S+)/,
    probe: { path: probePath, headers: request.headers },
    timeoutMs: 30_000,
  })
}

/** A peer script of bench/ (the minimal proxy, the relay, the slow deployment) with its one argument. */
function startPeer(root: string, script: string, name: string, argument: string, probePath: string) {
  const request = toLoadRequest({ method: 'GET', path: '/pets/1' }, '/v1')
  return startProcessTarget({
    name,
    args: [join(root, 'bench', script), argument],
    readyPattern: readyLine(name),
    probe: { path: probePath, headers: request.headers },
    timeoutMs: 30_000,
  })
}

/**
 * What judging live traffic costs, measured two ways in one run, all on loopback:
 * - throughput: GET by id straight to our mock, through `petstore-mock --proxy` in front of it, through a ten-line
 *   node:http keep-alive proxy and through a relay that parses nothing, taking turns in mirrored order each round
 *   (autocannon, `connections` at once);
 * - latency: the same request at 200 a second (an open loop) against a deployment that answers after 10 ms, straight
 *   and through our proxy and the ten-line one, in mirrored turns; what each adds is its median and p99 less
 *   the direct ones of the same round.
 * @example const figures = await measureProxy({ root, entry, connections: 32, durationSeconds: 2, rounds: 5,
 *   warmUp: true, log })
 */
export async function measureProxy(options: ProxyOptions): Promise<ProxyFigures> {
  const { root, entry, connections, durationSeconds, rounds, warmUp, log } = options
  const kind = requestKinds.find((candidate) => candidate.key === 'get') ?? requestKinds[0]
  if (!kind) throw new Error('Failed to measure the proxy: the bench has no request kinds.')
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-proxy-'))
  const started: Array<BenchTarget | ProcessTarget> = []
  try {
    const direct = await startBenchTarget('ours', { root, entry, barePath: '' })
    started.push(direct)
    const request = toLoadRequest(kind, '/v1')
    const port = new URL(direct.origin).port
    const proxy = await startOurProxy(options, direct.origin, reportDir, request.path.replace(/^\/v1/, ''))
    const minimal = await startPeer(root, 'minimal-proxy.mjs', 'minimal proxy', port, request.path)
    const relay = await startPeer(root, 'tcp-relay.mjs', 'relay', port, request.path)
    started.push(proxy, minimal, relay)
    const origins = {
      direct: direct.origin,
      proxied: new URL(proxy.baseUrl).origin,
      minimal: minimal.baseUrl,
      relay: relay.baseUrl,
    }
    const names = ['direct', 'proxied', 'minimal', 'relay'] as const
    const load = (origin: string) => runAutocannon({ origin, requests: [request], connections, durationSeconds })
    // Unmeasured warm-up of each (the proxy's verdict cache, JIT).
    for (const origin of warmUp ? Object.values(origins) : []) await load(origin)
    const rates = { direct: [] as Array<number>, proxied: [] as Array<number>, minimal: [] as Array<number> }
    const relayRates: Array<number> = []
    const ratios = { proxied: [] as Array<number>, minimal: [] as Array<number>, relay: [] as Array<number> }
    let proxiedNon2xx = 0
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse()
      for (const name of order) {
        const result = await load(origins[name])
        if (name === 'relay') relayRates.push(result.requestsPerSecond)
        else rates[name].push(result.requestsPerSecond)
        if (name === 'proxied') proxiedNon2xx += result.non2xx + result.errors
      }
      const proxiedRate = rates.proxied[round] as number
      ratios.proxied.push(proxiedRate / (rates.direct[round] as number))
      ratios.minimal.push(proxiedRate / (rates.minimal[round] as number))
      ratios.relay.push((relayRates[round] as number) / (rates.direct[round] as number))
    }
    for (const target of started.splice(0).reverse()) await target.stop()
    const latency = await measureLatency(options, reportDir, warmUp)
    const result: ProxyFigures = {
      request: kind.label,
      directPerSecond: median(rates.direct),
      proxiedPerSecond: median(rates.proxied),
      ratio: median(ratios.proxied),
      minimalPerSecond: median(rates.minimal),
      minimalRatio: median(ratios.minimal),
      relayPerSecond: median(relayRates),
      relayRatio: median(ratios.relay),
      proxiedNon2xx,
      rounds,
      latency,
    }
    log(
      `proxy: ${kind.label} ${Math.round(result.proxiedPerSecond)} req/s proxied, ` +
        `${Math.round(result.minimalPerSecond)} through a ten-line node:http proxy ` +
        `(${result.minimalRatio.toFixed(2)}x), ${Math.round(result.directPerSecond)} direct ` +
        `(${result.ratio.toFixed(2)}x); a relay that parses nothing ${Math.round(result.relayPerSecond)} ` +
        `(${result.relayRatio.toFixed(2)}x of direct). At ${ratePerSecond} req/s against a ` +
        `${deploymentDelayMs} ms deployment it adds ${latency.addedMedianMs.toFixed(2)} ms at the median, ` +
        `${latency.addedP99Ms.toFixed(2)} ms at p99 (the ten-line proxy ` +
        `${latency.minimalAddedMedianMs.toFixed(2)} and ` +
        `${latency.minimalAddedP99Ms.toFixed(2)} ms)`,
    )
    return result
  } finally {
    for (const target of started.reverse()) await target.stop()
    await rm(reportDir, { recursive: true, force: true })
  }
}

/** The latency part of `measureProxy`: a slow deployment, our proxy and the ten-line one in front of it. */
async function measureLatency(options: ProxyOptions, reportDir: string, warmUp: boolean): Promise<ProxyLatency> {
  const { root, rounds, durationSeconds } = options
  const path = '/v1/pets/1'
  const started: Array<ProcessTarget> = []
  try {
    const deployment = await startPeer(root, 'slow-deployment.mjs', 'slow deployment', String(deploymentDelayMs), path)
    started.push(deployment)
    const proxy = await startOurProxy(options, deployment.baseUrl, join(reportDir, 'latency'), '/pets/1')
    started.push(proxy)
    const port = new URL(deployment.baseUrl).port
    const minimal = await startPeer(root, 'minimal-proxy.mjs', 'minimal proxy', port, path)
    started.push(minimal)
    const urls = {
      direct: `${deployment.baseUrl}${path}`,
      proxied: `${new URL(proxy.baseUrl).origin}${path}`,
      minimal: `${minimal.baseUrl}${path}`,
    }
    const { headers } = toLoadRequest({ method: 'GET', path: '/pets/1' }, '/v1')
    // At least 1,000 requests a round: a p99 of fewer rests on a handful.
    const durationMs = Math.max(5, durationSeconds) * 1_000
    const run = (url: string, ms = durationMs) => latencyAtRate({ url, headers, ratePerSecond, durationMs: ms })
    for (const url of warmUp ? Object.values(urls) : []) await run(url, 2_000)
    const names = ['direct', 'proxied', 'minimal'] as const
    const figures = { direct: [] as Array<[number, number]>, proxied: [] as Array<[number, number]> }
    const minimalFigures: Array<[number, number]> = []
    let samples = 0
    let failed = 0
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const result = await run(urls[name])
        const pair: [number, number] = [percentile(result.latenciesMs, 0.5), percentile(result.latenciesMs, 0.99)]
        if (name === 'minimal') minimalFigures.push(pair)
        else figures[name].push(pair)
        if (name === 'proxied') {
          samples += result.latenciesMs.length
          failed += result.failed
        }
      }
    }
    const added = (of: Array<[number, number]>, at: 0 | 1) =>
      median(of.map((pair, round) => pair[at] - (figures.direct[round] as [number, number])[at]))
    return {
      ratePerSecond,
      deploymentDelayMs,
      rounds,
      secondsPerRound: durationMs / 1_000,
      directMedianMs: median(figures.direct.map(([p50]) => p50)),
      directP99Ms: median(figures.direct.map(([, p99]) => p99)),
      proxiedMedianMs: median(figures.proxied.map(([p50]) => p50)),
      proxiedP99Ms: median(figures.proxied.map(([, p99]) => p99)),
      addedMedianMs: added(figures.proxied, 0),
      addedP99Ms: added(figures.proxied, 1),
      minimalAddedMedianMs: added(minimalFigures, 0),
      minimalAddedP99Ms: added(minimalFigures, 1),
      samples,
      failed,
    }
  } finally {
    for (const target of started.reverse()) await target.stop()
  }
}
