import type { ControlsFigures, Goal, RequestComparison, ScaleFigures, TargetFigures } from './bench-report.ts'
import { formatNumber } from './format-number.ts'
import type { ContractFigures, ContractRunFigures } from './measure-contract-runs.ts'
import type { LargeStoreFigures } from './measure-large-store.ts'
import type { ProxyFigures } from './measure-proxy.ts'

/** Every GET at 0.95x of bare node:http or better, POST at 0.7x: with every check still made. */
const bareRatioGoals: Record<string, number> = { list: 0.95, get: 0.95, create: 0.7 }
/** Large stores: a million pets start within 3 s in 400 MB; a reset of 100,000 within 0.5 s. */
const millionStartupSeconds = 3
const millionRssMb = 400
const resetSecondsAt100k = 0.5
/** How long a GET may wait behind an admin operation, or the event loop stand still, at any size. */
const stallMs = 250

/**
 * The issue's goals, each with the measured value and PASS or MISS. A figure that could not be
 * measured (no /proc, say) counts as a miss rather than a pass.
 * @example judgeGoals({ targets, requests, scale: null }).filter((goal) => !goal.pass)
 */
export function judgeGoals({
  targets,
  requests,
  scale,
  largeStore = [],
  controls,
  contract,
  proxy,
}: {
  targets: Record<string, TargetFigures>
  requests: Array<RequestComparison>
  scale: ScaleFigures | null
  largeStore?: ReadonlyArray<LargeStoreFigures>
  controls?: ControlsFigures
  contract?: ContractFigures
  proxy?: ProxyFigures
}): Array<Goal> {
  const goals: Array<Goal> = []
  const add = (
    label: string,
    value: number | null | undefined,
    direction: Goal['direction'],
    limit: number,
    unit: string,
    note?: string,
  ): void => {
    const measured = value ?? Number.NaN
    const pass = direction === 'min' ? measured >= limit : measured <= limit
    goals.push({ label, value: measured, limit, unit, direction, pass, ...(note && { note }) })
  }
  for (const request of requests) add(`ours/Prism throughput, ${request.label}`, request.oursToPrism, 'min', 4, 'x')
  for (const request of requests)
    add(`ours/bare throughput, ${request.label}`, request.oursToBare, 'min', bareRatioGoals[request.key] ?? 0.7, 'x')
  for (const request of requests)
    add(`ours p99 latency, ${request.label}`, request.figures.ours?.p99Ms, 'max', 10, 'ms')
  add('ours start-up, compiled JS', (targets.ours?.startupMs ?? Number.NaN) / 1_000, 'max', 0.5, 's')
  add('ours idle RSS', targets.ours?.idleRssMb, 'max', 80, 'MB')
  if (scale) {
    const n = scale.pets.toLocaleString('en-US')
    for (const request of scale.requests)
      add(`${request.label} at N=${n} vs N=${scale.baseline}`, request.ratio, 'min', 0.8, 'x')
    add(
      `start-up with --pets ${n} (seeding included)`,
      (scale.targets[String(scale.pets)]?.startupMs ?? Number.NaN) / 1_000,
      'max',
      2,
      's',
    )
    add(`peak RSS with --pets ${n}`, scale.targets[String(scale.pets)]?.peakRssMb, 'max', 250, 'MB')
  }
  for (const store of largeStore) {
    const n = store.pets.toLocaleString('en-US')
    if (store.pets === 1_000_000) {
      add(`start-up with --pets ${n}`, store.startupMs / 1_000, 'max', millionStartupSeconds, 's')
      add(`peak RSS with --pets ${n}`, store.peakRssMb, 'max', millionRssMb, 'MB')
    }
    if (store.pets === 100_000) add(`reset with --pets ${n}`, store.resetMs / 1_000, 'max', resetSecondsAt100k, 's')
    add(`a GET during a reset, --pets ${n}`, store.getDuringResetMs, 'max', stallMs, 'ms')
    add(`a GET during a replace, --pets ${n}`, store.getDuringReplaceMs, 'max', stallMs, 'ms')
    add(`longest event-loop stall in a replace of ${n} pets`, store.inProcessReplaceStallMs, 'max', stallMs, 'ms')
  }
  if (controls) {
    const n = controls.sessions.sessions.toLocaleString('en-US')
    add(`RSS added by ${n} sessions, one create each`, controls.sessions.addedRssMb, 'max', 200, 'MB')
    const large = controls.sessionsLargeStore
    add(
      `RSS added by ${large.sessions} new sessions at --pets ${large.pets.toLocaleString('en-US')}`,
      large.addedRssMb,
      'max',
      50,
      'MB',
    )
  }
  if (contract) {
    const { healthy, delayed, hostile, ignoredLimit } = contract
    const countNote = (run: ContractRunFigures): string =>
      `${run.requests === null ? 'no report' : `${formatNumber(run.requests)} requests`}, exit ${run.exitCode}`
    const smokeChecks = delayed.only ? ` (smoke: ${delayed.only.split(',').length} checks)` : ''
    const over = `behind a ${delayed.delayMs} ms delay proxy${smokeChecks}`
    add('contract run wall time, healthy (npm run contract)', healthy.seconds, 'max', 30, 's', countNote(healthy))
    add('contract run peak RSS, healthy (npm run contract)', healthy.peakRssMb, 'max', 250, 'MB', countNote(healthy))
    add(`contract run wall time, ${over}`, delayed.seconds, 'max', 300, 's', countNote(delayed))
    // Latency must not make the run time out or misjudge the mock: it exits 0, as over loopback.
    add(`contract run exit code, ${over}`, delayed.exitCode, 'max', 0, '', countNote(delayed))
    add('contract run peak RSS, a hostile target', hostile.peakRssMb, 'max', 512, 'MB')
    const ignored = 'a server that ignores limit (75,000 pets a list)'
    add(`contract run wall time, ${ignored}`, ignoredLimit.seconds, 'max', 180, 's', countNote(ignoredLimit))
    add(`contract run peak RSS, ${ignored}`, ignoredLimit.peakRssMb, 'max', 512, 'MB', countNote(ignoredLimit))
  }
  if (proxy) {
    const note =
      `${formatNumber(Math.round(proxy.proxiedPerSecond))} req/s proxied, ` +
      `${formatNumber(Math.round(proxy.minimalPerSecond))} through the ten-line proxy, ` +
      `${formatNumber(Math.round(proxy.directPerSecond))} direct (${proxy.ratio.toFixed(2)}x); a relay that parses ` +
      `nothing ${proxy.relayRatio.toFixed(2)}x of direct`
    add(
      `proxied/ten-line node:http proxy throughput, ${proxy.request} (petstore-mock --proxy)`,
      proxy.minimalRatio,
      'min',
      0.6,
      'x',
      note,
    )
    const { latency } = proxy
    const at = `at ${latency.ratePerSecond} req/s, a ${latency.deploymentDelayMs} ms deployment`
    const latencyNote =
      `direct ${latency.directMedianMs.toFixed(2)} / ${latency.directP99Ms.toFixed(2)} ms, proxied ` +
      `${latency.proxiedMedianMs.toFixed(2)} / ${latency.proxiedP99Ms.toFixed(2)} ms (median / p99); the ten-line ` +
      `proxy adds ${latency.minimalAddedMedianMs.toFixed(2)} / ${latency.minimalAddedP99Ms.toFixed(2)} ms; ` +
      `${formatNumber(latency.samples)} requests, ${latency.failed} failed`
    add(`latency the proxy adds, median, ${at}`, latency.addedMedianMs, 'max', 1, 'ms', latencyNote)
    add(`latency the proxy adds, p99, ${at}`, latency.addedP99Ms, 'max', 5, 'ms')
  }
  return goals
}
