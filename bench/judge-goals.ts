import type { ControlsFigures, Goal, RequestComparison, ScaleFigures, TargetFigures } from './bench-report.ts'
import type { ContractFigures } from './measure-contract-runs.ts'

/**
 * The goals, each with the measured value and PASS or MISS. A figure that could not be
 * measured (no /proc, say) counts as a miss rather than a pass.
 * @example judgeGoals({ targets, requests, scale: null }).filter((goal) => !goal.pass)
 */
export function judgeGoals({
  targets,
  requests,
  scale,
  controls,
  contract,
}: {
  targets: Record<string, TargetFigures>
  requests: Array<RequestComparison>
  scale: ScaleFigures | null
  controls?: ControlsFigures
  contract?: ContractFigures
}): Array<Goal> {
  const goals: Array<Goal> = []
  const add = (
    label: string,
    value: number | null | undefined,
    direction: Goal['direction'],
    limit: number,
    unit: string,
  ): void => {
    const measured = value ?? Number.NaN
    const pass = direction === 'min' ? measured >= limit : measured <= limit
    goals.push({ label, value: measured, limit, unit, direction, pass })
  }
  for (const request of requests) add(`ours/Prism throughput, ${request.label}`, request.oursToPrism, 'min', 4, 'x')
  for (const request of requests) add(`ours/bare throughput, ${request.label}`, request.oursToBare, 'min', 0.7, 'x')
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
    add('contract run peak RSS, healthy (npm run contract)', contract.healthy.peakRssMb, 'max', 250, 'MB')
    add('contract run peak RSS, a hostile target', contract.hostile.peakRssMb, 'max', 512, 'MB')
  }
  return goals
}
