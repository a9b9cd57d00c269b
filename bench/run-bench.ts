import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCliArgs } from '../shared/parse-cli-args.ts'
import { parseInteger } from '../shared/parse-integer.ts'
import { benchHelp, defaultBenchPets, defaultStoreSizes, largeStoreSessions, smokeStoreSizes } from './bench-help.ts'
import type { BenchReport } from './bench-report.ts'
import { codeVersion } from './code-version.ts'
import { compareTargets } from './compare-targets.ts'
import { compileBareServer } from './compile-bare-server.ts'
import { ensureBuild } from './ensure-build.ts'
import { formatBenchSummary } from './format-bench-summary.ts'
import { judgeGoals } from './judge-goals.ts'
import { machineInfo } from './machine-info.ts'
import { measureContractRuns } from './measure-contract-runs.ts'
import { measureInProcess } from './measure-in-process.ts'
import { measureLargeStore } from './measure-large-store.ts'
import { measureProxy } from './measure-proxy.ts'
import { measureScale } from './measure-scale.ts'
import { measureSessionsMemory } from './measure-sessions-memory.ts'
import { measureStateFileCreates } from './measure-state-file-creates.ts'
import { resolveStartEntry } from './resolve-start-entry.ts'
import { waitForQuiet } from './wait-for-quiet.ts'
import { writeBenchReport } from './write-bench-report.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * `npm run bench`: measures our mock, Prism and a bare server (see `benchHelp`), prints the summary, writes
 * bench.json and bench.html, and returns the exit code. Usage errors are thrown as `CliError`s.
 * @example process.exitCode = await runCli(() => runBench(['--smoke']))
 */
export async function runBench(argv: Array<string>): Promise<number> {
  const { values } = parseCliArgs({
    args: withPetsDefault(argv),
    options: {
      duration: { type: 'string' },
      connections: { type: 'string', default: '32' },
      rounds: { type: 'string' },
      attempts: { type: 'string' },
      pets: { type: 'string' },
      sessions: { type: 'string' },
      creates: { type: 'string' },
      'store-sizes': { type: 'string' },
      'report-dir': { type: 'string', default: 'reports/bench' },
      smoke: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(benchHelp)
    return 0
  }
  const smoke = values.smoke
  const durationSeconds = parseInteger('--duration', values.duration ?? (smoke ? '1' : '2'), 1, 600)
  const connections = parseInteger('--connections', values.connections, 1, 1_000)
  const rounds = parseInteger('--rounds', values.rounds ?? (smoke ? '1' : '20'), 1, 50)
  const attempts = parseInteger('--attempts', values.attempts ?? (smoke ? '1' : '3'), 1, 10)
  const pets = values.pets === undefined ? undefined : parseInteger('--pets', values.pets, 101, 1_000_000)
  const sessions = parseInteger('--sessions', values.sessions ?? (smoke ? '20' : '1000'), 1, 10_000)
  const creates = parseInteger('--creates', values.creates ?? (smoke ? '50' : '1000'), 1, 10_000)
  const storeSizes = (values['store-sizes'] ?? (smoke ? smokeStoreSizes : defaultStoreSizes).join(','))
    .split(',')
    .map((size) => parseInteger('--store-sizes', size.trim(), 1, 1_000_000))
  const reportDirectory = resolve(values['report-dir'])
  // Start-up varies from one spawn to the next by tens of ms; the median of three is steadier.
  const startupSamples = smoke ? 1 : 3
  const log = (line: string): void => {
    process.stderr.write(`bench: ${line}\n`)
  }
  // Stopping the bench must stop the servers it started: exiting runs their exit hooks.
  process.once('SIGINT', () => process.exit(130))
  process.once('SIGTERM', () => process.exit(143))

  const machine = machineInfo()
  const code = codeVersion(root)
  const entry = resolveStartEntry(root)
  const build = ensureBuild(root, 'dist/serve.mjs')
  log(build.built ? `built dist/ in ${Math.round(build.ms)} ms (${build.reason})` : build.reason)
  const bare = await compileBareServer()
  try {
    const settings = {
      root,
      entry,
      barePath: bare.path,
      connections,
      durationSeconds,
      rounds,
      attempts,
      startupSamples,
      warmUp: !smoke,
      log,
    }
    const { targets, requests } = await compareTargets(settings)
    if (attempts > 1) await waitForQuiet({ thresholdPercent: 10, maxWaitMs: 10_000 })
    log(`measuring the in-process fetch for ${durationSeconds} s`)
    const inProcess = await measureInProcess({ durationMs: durationSeconds * 1_000 })
    const scale = pets === undefined ? null : await measureScale({ ...settings, pets })
    log(`measuring large stores: --pets ${storeSizes.join(', ')}`)
    const largeStore = await measureLargeStore({ root, entry, barePath: bare.path, sizes: storeSizes, repeats: 3, log })
    const large = { sessions: smoke ? 10 : largeStoreSessions.sessions, pets: largeStoreSessions.pets }
    log(
      `measuring ${sessions} sessions, ${large.sessions} sessions at --pets ${large.pets} and ${creates} ` +
        'concurrent creates with --state-file',
    )
    const controls = {
      sessions: await measureSessionsMemory({ root, sessions }),
      sessionsLargeStore: await measureSessionsMemory({ root, ...large }),
      stateFile: await measureStateFileCreates({ root, creates, rounds: smoke ? 1 : 3 }),
    }
    log(
      'measuring whole contract runs: against our mock, the same behind a delay proxy, a hostile target and a ' +
        'server that ignores limit',
    )
    const contract = await measureContractRuns({ root, smoke })
    log('measuring GET by id through the validating proxy (petstore-mock --proxy) against the same directly')
    const proxy = await measureProxy({
      root,
      entry,
      connections,
      durationSeconds,
      rounds: smoke ? 1 : 5,
      warmUp: !smoke,
      log,
    })
    const report: BenchReport = {
      generatedAt: new Date().toISOString(),
      machine,
      settings: {
        connections,
        durationSeconds,
        rounds,
        attempts,
        smoke,
        statistic: "median over rounds; each ratio the median of the rounds' ratios, each round's pair side by side",
        order:
          'each target first gets min(2 s, the duration) of unmeasured load per request, then the targets take turns ' +
          'in mirrored order (ours bare Prism, Prism bare ours, ...)',
        loadGenerator: 'autocannon 9 (programmatic, one thread, in the bench process)',
      },
      code,
      build,
      targets,
      requests,
      inProcess,
      scale,
      largeStore,
      controls,
      contract,
      proxy,
      goals: judgeGoals({ targets, requests, scale, largeStore, controls, contract, proxy }),
    }
    const written = await writeBenchReport(reportDirectory, report)
    console.log(formatBenchSummary(report))
    console.log(`\nReport: ${written.json}, ${written.html}`)
    return 0
  } finally {
    await bare.remove()
  }
}

/** `--pets` may stand alone (parseArgs has no optional values): it then means `defaultBenchPets`. */
function withPetsDefault(args: Array<string>): Array<string> {
  return args.flatMap((arg, index) => {
    const next = args[index + 1]
    return arg === '--pets' && (next === undefined || /^-[^0-9]/.test(next)) ? [arg, String(defaultBenchPets)] : [arg]
  })
}
