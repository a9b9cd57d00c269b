import { setTimeout as delay } from 'node:timers/promises'
import { alternateRounds } from './alternate-rounds.ts'
import type { RoundResult, ScaleFigures, TargetFigures } from './bench-report.ts'
import { checkAnswer } from './check-answer.ts'
import type { CompareOptions } from './compare-targets.ts'
import { measureRound } from './measure-round.ts'
import { median } from './median.ts'
import { toLoadRequest } from './request-kinds.ts'
import { medianRoundRatio } from './round-ratios.ts'
import type { LoadRequest } from './run-autocannon.ts'
import { sampleStartups } from './sample-startups.ts'
import { type BenchTarget, startBenchTarget } from './start-bench-target.ts'
import { summarizeRounds } from './summarize-rounds.ts'

/** The settings of the comparison, run on our mock alone at two store sizes. */
export interface ScaleOptions extends CompareOptions {
  /** The large store, compared with a store of `baseline` pets. */
  pets: number
  baseline?: number
}

interface ScaleKind {
  key: string
  label: string
  /** The requests one connection sends in turn, for a store of `pets`. */
  requests(pets: number): Array<LoadRequest>
}

const scaleKinds: ReadonlyArray<ScaleKind> = [
  {
    key: 'get',
    label: 'GET /v1/pets/{id}',
    // Ids spread over the whole store, the last ones included, so a lookup that scanned would show.
    requests: (pets) => spreadIds(pets).map((id) => toLoadRequest({ method: 'GET', path: `/pets/${id}` }, '/v1')),
  },
  {
    key: 'sold',
    label: 'GET /v1/pets?status=sold&limit=100',
    requests: () => [toLoadRequest({ method: 'GET', path: '/pets?status=sold&limit=100' }, '/v1')],
  },
]

/**
 * Our compiled mock seeded with `baseline` (100) pets and with `pets`, driven in alternating
 * rounds with lookups spread over the store and a filtered list: how much a large store costs in
 * throughput, start-up (seeding) and memory.
 * @example const scale = await measureScale({ root, barePath, pets: 100_000, connections: 32, durationSeconds: 10,
 *   rounds: 2, attempts: 3, startupSamples: 3, log })
 */
export async function measureScale(options: ScaleOptions): Promise<ScaleFigures> {
  const {
    root,
    entry,
    barePath,
    pets,
    baseline = 100,
    connections,
    durationSeconds,
    rounds,
    attempts,
    startupSamples,
    log,
  } = options
  const sizes = [baseline, pets]
  const running = new Map<number, BenchTarget>()
  try {
    const startups = new Map<number, Array<number>>()
    const readyLineMedians = new Map<number, number | null>()
    for (const size of sizes) {
      const { target, samplesMs, readyLineMs } = await sampleStartups(
        () => startBenchTarget('ours', { root, entry, barePath, pets: size }),
        {
          samples: startupSamples,
          quiet: attempts > 1,
        },
      )
      running.set(size, target)
      startups.set(size, samplesMs)
      readyLineMedians.set(size, readyLineMs)
      log(
        `started ours with --pets ${size}: ${samplesMs.map((ms) => `${Math.round(ms)} ms`).join(', ')} to the first ` +
          `answer`,
      )
    }
    const get = (size: number): BenchTarget => running.get(size) as BenchTarget

    const bytes = new Map<string, Record<string, number>>()
    for (const kind of scaleKinds) {
      const answerBytes: Record<string, number> = {}
      for (const size of sizes) {
        for (const request of kind.requests(size)) {
          const answer = await checkAnswer(`ours --pets ${size}`, get(size).origin, request, (status) => status === 200)
          answerBytes[String(size)] = answer.bytes
        }
      }
      bytes.set(kind.key, answerBytes)
    }
    await delay(250)
    const idle = new Map(sizes.map((size) => [size, get(size).memory()?.rssMb ?? null]))

    const requests: ScaleFigures['requests'] = []
    for (const kind of scaleKinds) {
      const runs = await alternateRounds(sizes, rounds, async (size, round): Promise<RoundResult> => {
        const result = await measureRound(get(size), kind.requests(size), {
          connections,
          durationSeconds,
          attempts,
          log,
        })
        log(
          `${kind.label} · --pets ${size} · round ${round + 1}/${rounds}: ${Math.round(result.requestsPerSecond)} ` +
            `req/s, p99 ${result.p99Ms} ms, server CPU ${result.serverCpuPercent?.toFixed(0) ?? '?'}% ` +
            `(${result.serverCpuMicrosecondsPerRequest?.toFixed(0) ?? '?'} µs/req), other CPU ` +
            `${result.otherCpuPercent?.toFixed(1) ?? '?'}%`,
        )
        if (result.errors + result.timeouts > 0 || Object.keys(result.statusCodes).some((code) => code !== '200')) {
          log(
            `  warning: answered ${JSON.stringify(result.statusCodes)} with ${result.errors} errors, ` +
              `${result.timeouts} timeouts`,
          )
        }
        return result
      })
      const figures = Object.fromEntries(sizes.map((size) => [String(size), summarizeRounds(runs.get(size) ?? [])]))
      requests.push({
        key: kind.key,
        label: kind.label,
        paths: [...new Set(sizes.flatMap((size) => kind.requests(size).map((request) => request.path)))],
        figures,
        // Round by round, as the bench's other ratios: the two sizes run side by side in each round.
        ratio: medianRoundRatio(runs.get(pets) ?? [], runs.get(baseline) ?? []),
        bytes: bytes.get(kind.key) ?? {},
      })
    }

    const targets: Record<string, TargetFigures> = {}
    for (const size of sizes) {
      const target = get(size)
      targets[String(size)] = {
        command: target.command,
        startupMs: median(startups.get(size) ?? []),
        startupSamplesMs: startups.get(size) ?? [],
        readyLineMs: readyLineMedians.get(size) ?? null,
        idleRssMb: idle.get(size) ?? null,
        peakRssMb: target.memory()?.peakRssMb ?? null,
      }
    }
    const seedingMs = (targets[String(pets)]?.startupMs ?? 0) - (targets[String(baseline)]?.startupMs ?? 0)
    return { pets, baseline, targets, requests, seedingMs }
  } finally {
    await Promise.all([...running.values()].map((target) => target.stop()))
  }
}

function spreadIds(pets: number): Array<number> {
  const ids = [1, Math.ceil(pets / 4), Math.ceil(pets / 2), Math.ceil((pets * 3) / 4), pets - 1, pets]
  return [...new Set(ids.filter((id) => id >= 1))]
}
