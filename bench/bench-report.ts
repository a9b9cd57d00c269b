import type { CodeVersion } from './code-version.ts'
import type { MachineInfo } from './machine-info.ts'
import type { ContractFigures } from './measure-contract-runs.ts'
import type { LargeStoreFigures } from './measure-large-store.ts'
import type { ProxyFigures } from './measure-proxy.ts'
import type { SessionsMemoryFigures } from './measure-sessions-memory.ts'
import type { StateFileCreatesResult } from './measure-state-file-creates.ts'
import type { LoadResult } from './run-autocannon.ts'

/** One autocannon run, with the CPU share anything else took meanwhile. */
export interface RoundResult extends LoadResult {
  otherCpuPercent: number | null
  /** CPU the server used during the run, in % of one core: under 100 means the server was not the bottleneck. */
  serverCpuPercent: number | null
  /** The server's CPU time per answered request, in µs: its cost, whoever set the pace. */
  serverCpuMicrosecondsPerRequest: number | null
  /** How many runs it took to get one that other programs left (mostly) alone. */
  attempts: number
}

/** One target's figures for one request: medians over the rounds, and every round as measured. */
export interface KindFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** The most CPU anything else took during one of the rounds, in % of the machine. */
  otherCpuMaxPercent: number | null
  serverCpuPercent: number | null
  serverCpuMicrosecondsPerRequest: number | null
  rounds: Array<RoundResult>
}

/** What a target answered to a request before it was measured. */
export interface AnswerCheck {
  status: number
  contentType: string | undefined
  bytes: number
}

export interface TargetFigures {
  command: string
  /** Median of `startupSamplesMs`: spawn to the first answered request. */
  startupMs: number
  startupSamplesMs: Array<number>
  /** Median spawn to the "ready" line, where the server prints one. */
  readyLineMs: number | null
  /** Resident memory after start-up and one request of each kind. */
  idleRssMb: number | null
  /** Highest resident memory over the whole run (`VmHWM`). */
  peakRssMb: number | null
}

export interface RequestComparison {
  key: string
  label: string
  /** The path each target was sent. */
  paths: Record<string, string>
  answers: Record<string, AnswerCheck>
  figures: Record<string, KindFigures>
  /** The median over the rounds of ours/Prism in req/s, each round's pair measured side by side. */
  oursToPrism: number
  /** The median over the rounds of ours/bare in req/s, each round's pair measured side by side. */
  oursToBare: number
  /** The same median of bare's CPU per request divided by ours: the ratio if the server alone set the pace. */
  oursToBareByCpu: number
}

export interface ScaleFigures {
  pets: number
  baseline: number
  /** Per N: start-up, idle and peak RSS. */
  targets: Record<string, TargetFigures>
  requests: Array<{
    key: string
    label: string
    paths: Array<string>
    figures: Record<string, KindFigures>
    ratio: number
    bytes: Record<string, number>
  }>
  /** Start-up at N minus start-up at the baseline: the time seeding the extra pets adds. */
  seedingMs: number
}

export interface InProcessFigures {
  request: string
  calls: number
  seconds: number
  callsPerSecond: number
  microsecondsPerCall: number
}

/** What the mock controls cost: sessions' memory and `--state-file` creates (issue: mock controls). */
export interface ControlsFigures {
  sessions: SessionsMemoryFigures
  /** Sessions of a large seeded store: each shares the seeded pets, so it costs what it changes. */
  sessionsLargeStore: SessionsMemoryFigures
  stateFile: StateFileCreatesResult
}

export interface Goal {
  label: string
  value: number
  limit: number
  unit: string
  /** Whether `value` must be at least or at most `limit`. */
  direction: 'min' | 'max'
  pass: boolean
  /** What the figure came with, printed beside it (a contract run's request count). */
  note?: string
}

/**
 * Everything `npm run bench` measured, as written to `bench.json`.
 * @example const report: BenchReport = JSON.parse(readFileSync('reports/bench/bench.json', 'utf8'))
 */
export interface BenchReport {
  generatedAt: string
  machine: MachineInfo
  settings: {
    connections: number
    durationSeconds: number
    rounds: number
    attempts: number
    smoke: boolean
    statistic: string
    order: string
    loadGenerator: string
  }
  /** The commit measured, and uncommitted changes to the mock's sources, when the bench started. */
  code: CodeVersion | null
  build: { built: boolean; reason: string; ms: number }
  targets: Record<string, TargetFigures>
  requests: Array<RequestComparison>
  inProcess: InProcessFigures
  scale: ScaleFigures | null
  /** Our mock at each `--store-sizes` size: start-up, memory, resets and replaces. */
  largeStore: Array<LargeStoreFigures>
  controls: ControlsFigures
  /** What the contract suite costs: wall time, peak RSS and requests of whole runs, over loopback and latency. */
  contract: ContractFigures
  /** GET by id straight to our mock and through `petstore-mock --proxy` in front of it. */
  proxy: ProxyFigures
  goals: Array<Goal>
}
