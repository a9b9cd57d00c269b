import { setTimeout as delay } from 'node:timers/promises'
import { alternateRounds } from './alternate-rounds.ts'
import type { AnswerCheck, RequestComparison, RoundResult, TargetFigures } from './bench-report.ts'
import { checkAnswer } from './check-answer.ts'
import { measureRound } from './measure-round.ts'
import { median } from './median.ts'
import { requestKinds, toLoadRequest } from './request-kinds.ts'
import { byServerCpu, medianRoundRatio } from './round-ratios.ts'
import { type LoadResult, runAutocannon } from './run-autocannon.ts'
import { sampleStartups } from './sample-startups.ts'
import { type BenchTarget, startBenchTarget, type TargetName } from './start-bench-target.ts'
import { summarizeRounds } from './summarize-rounds.ts'

export interface CompareOptions {
  root: string
  entry: ReadonlyArray<string>
  barePath: string
  connections: number
  durationSeconds: number
  rounds: number
  /** Runs at most per round when other programs disturb it (`measureRound`). */
  attempts: number
  /** How many times each server is started to time its start-up; the last one is measured. */
  startupSamples: number
  /** Whether each target gets an unmeasured warm-up per request kind; the smoke run (figures unjudged) skips it. */
  warmUp: boolean
  log: (line: string) => void
}

export const targetNames: ReadonlyArray<TargetName> = ['ours', 'prism', 'bare']

/** Ours beside bare in every round (`alternateRounds` mirrors the order), since the closest ratio is to bare. */
const measuringOrder: ReadonlyArray<TargetName> = ['ours', 'bare', 'prism']

/** The most seconds of unmeasured load each target gets per request kind before its rounds. */
const warmUpLimitSeconds = 2

/**
 * Our compiled mock, Prism's mock and the bare server, started one after another, then driven
 * with each request in alternating rounds, one target under load at a time. Every process is
 * stopped before it returns, whether it succeeds or fails.
 * @example const { targets, requests } = await compareTargets({ root, entry: ['scripts/start.mjs'], barePath,
 *   connections: 32, durationSeconds: 10, rounds: 2, attempts: 3, startupSamples: 3, warmUp: true, log })
 */
export async function compareTargets(
  options: CompareOptions,
): Promise<{ targets: Record<string, TargetFigures>; requests: Array<RequestComparison> }> {
  const { root, entry, barePath, connections, durationSeconds, rounds, attempts, startupSamples, warmUp, log } = options
  const running = new Map<TargetName, BenchTarget>()
  try {
    const startups = new Map<TargetName, Array<number>>()
    const readyLineMedians = new Map<TargetName, number | null>()
    for (const name of targetNames) {
      const { target, samplesMs, readyLineMs } = await sampleStartups(
        () => startBenchTarget(name, { root, entry, barePath }),
        {
          samples: startupSamples,
          quiet: attempts > 1,
        },
      )
      running.set(name, target)
      startups.set(name, samplesMs)
      readyLineMedians.set(name, readyLineMs)
      log(`started ${name}: ${samplesMs.map((ms) => `${Math.round(ms)} ms`).join(', ')} to the first answer`)
    }
    const get = (name: TargetName): BenchTarget => running.get(name) as BenchTarget

    const answers = new Map<string, Record<string, AnswerCheck>>()
    for (const kind of requestKinds) {
      const checks: Record<string, AnswerCheck> = {}
      for (const name of targetNames) {
        const target = get(name)
        // Prism answers from the spec's examples and may pick any documented 2xx.
        const expected =
          name === 'prism'
            ? (status: number) => status >= 200 && status < 300
            : (status: number) => status === kind.expectedStatus
        checks[name] = await checkAnswer(name, target.origin, toLoadRequest(kind, target.prefix), expected)
      }
      answers.set(kind.key, checks)
    }
    // Memory settles for a moment after the first requests (lazy compilation, buffers).
    await delay(250)
    const idle = new Map(targetNames.map((name) => [name, get(name).memory()?.rssMb ?? null]))

    const requests: Array<RequestComparison> = []
    for (const kind of requestKinds) {
      // Unmeasured: a target's first seconds under a new request compile its code (V8 optimizes on other
      // threads, which then take CPU from the load generator); every target gets the same warm-up.
      if (warmUp) {
        const warmUpSeconds = Math.min(warmUpLimitSeconds, durationSeconds)
        for (const name of targetNames) {
          const target = get(name)
          const load = [toLoadRequest(kind, target.prefix)]
          await runAutocannon({ origin: target.origin, requests: load, connections, durationSeconds: warmUpSeconds })
        }
        log(`${kind.label}: warmed up every target for ${warmUpSeconds} s`)
      }
      const runs = await alternateRounds(measuringOrder, rounds, async (name, round): Promise<RoundResult> => {
        const target = get(name)
        const result = await measureRound(target, [toLoadRequest(kind, target.prefix)], {
          connections,
          durationSeconds,
          attempts,
          log,
        })
        log(
          `${kind.label} · ${name} · round ${round + 1}/${rounds}: ${Math.round(result.requestsPerSecond)} req/s, ` +
            `p99 ${result.p99Ms} ms, server CPU ${result.serverCpuPercent?.toFixed(0) ?? '?'}% ` +
            `(${result.serverCpuMicrosecondsPerRequest?.toFixed(0) ?? '?'} µs/req), other CPU ` +
            `${result.otherCpuPercent?.toFixed(1) ?? '?'}%`,
        )
        if (result.errors + result.timeouts > 0 || !onlyExpected(result, name, kind.expectedStatus)) {
          log(
            `  warning: ${name} answered ${JSON.stringify(result.statusCodes)} with ${result.errors} errors, ` +
              `${result.timeouts} timeouts`,
          )
        }
        return result
      })
      const figures = Object.fromEntries(targetNames.map((name) => [name, summarizeRounds(runs.get(name) ?? [])]))
      requests.push({
        key: kind.key,
        label: kind.label,
        paths: Object.fromEntries(
          targetNames.map((name) => [name, `${kind.method} ${toLoadRequest(kind, get(name).prefix).path}`]),
        ),
        answers: answers.get(kind.key) ?? {},
        figures,
        oursToPrism: medianRoundRatio(runs.get('ours') ?? [], runs.get('prism') ?? []),
        oursToBare: medianRoundRatio(runs.get('ours') ?? [], runs.get('bare') ?? []),
        oursToBareByCpu: medianRoundRatio(runs.get('ours') ?? [], runs.get('bare') ?? [], byServerCpu),
      })
    }

    const targets: Record<string, TargetFigures> = {}
    for (const name of targetNames) {
      const target = get(name)
      targets[name] = {
        command: target.command,
        startupMs: median(startups.get(name) ?? []),
        startupSamplesMs: startups.get(name) ?? [],
        readyLineMs: readyLineMedians.get(name) ?? null,
        idleRssMb: idle.get(name) ?? null,
        peakRssMb: target.memory()?.peakRssMb ?? null,
      }
    }
    return { targets, requests }
  } finally {
    await Promise.all([...running.values()].map((target) => target.stop()))
  }
}

function onlyExpected(result: LoadResult, name: TargetName, expectedStatus: number): boolean {
  return Object.keys(result.statusCodes).every((code) =>
    name === 'prism' ? code.startsWith('2') : Number(code) === expectedStatus,
  )
}
