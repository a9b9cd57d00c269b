import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { BenchReport } from '../bench/bench-report.ts'
import { codeVersion } from '../bench/code-version.ts'
import { compareTargets } from '../bench/compare-targets.ts'
import { compileBareServer } from '../bench/compile-bare-server.ts'
import { ensureBuild } from '../bench/ensure-build.ts'
import { formatBenchSummary } from '../bench/format-bench-summary.ts'
import { judgeGoals } from '../bench/judge-goals.ts'
import { machineInfo } from '../bench/machine-info.ts'
import { measureInProcess } from '../bench/measure-in-process.ts'
import { measureScale } from '../bench/measure-scale.ts'
import { resolveStartEntry } from '../bench/resolve-start-entry.ts'
import { waitForQuiet } from '../bench/wait-for-quiet.ts'
import { writeBenchReport } from '../bench/write-bench-report.ts'
import { parseInteger } from '../mocks/cli/parse-integer.ts'
import { runCli } from '../mocks/cli/run-cli.ts'

const defaultPets = 100_000

const help = `Usage: npm run bench -- [options]

Starts, on loopback, our standalone mock as npm start runs it (compiled JS under plain node,
built first with npm run build if missing or stale), Prism's mock of spec/openapi.yaml
(-v silent) and a bare node:http server, and drives each with autocannon in alternating rounds:
GET /v1/pets?limit=20, GET /v1/pets/{id}, POST /v1/pets (Prism: the same paths without /v1).
Prints req/s, p50 and p99 latency, start-up (spawn to first answer), idle and peak RSS, the
ratios ours/Prism and ours/bare against the goals, and the in-process fetch's calls/s; writes
bench.json and bench.html.

Options:
  --duration N      seconds per measurement (default 10; 1 with --smoke)
  --connections N   concurrent connections (default 32)
  --rounds N        rounds per request, alternating the targets (default 2; 1 with --smoke)
  --attempts N      runs at most per round while other programs take over 10% of the CPU
                    (default 3; 1 with --smoke): the least disturbed run is kept
  --pets [N]        also compare our mock seeded with N pets (default ${defaultPets}) and with 100
  --report-dir DIR  where to write bench.json and bench.html (default reports/bench)
  --smoke           a quick run that only proves the bench works (npm test runs it)
  -h, --help        show this text

Figures are medians over the rounds. No timing is asserted; the goals are printed as PASS or MISS.
Exit code 0 when the run completes (whether goals are met or not), 2 when it cannot run.`

const root = fileURLToPath(new URL('..', import.meta.url))

await runCli(async () => {
  const { values } = parseArgs({
    args: withPetsDefault(process.argv.slice(2)),
    options: {
      duration: { type: 'string' },
      connections: { type: 'string', default: '32' },
      rounds: { type: 'string' },
      attempts: { type: 'string' },
      pets: { type: 'string' },
      'report-dir': { type: 'string', default: 'reports/bench' },
      smoke: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const smoke = values.smoke
  const durationSeconds = parseInteger('--duration', values.duration ?? (smoke ? '1' : '10'), 1, 600)
  const connections = parseInteger('--connections', values.connections, 1, 1_000)
  const rounds = parseInteger('--rounds', values.rounds ?? (smoke ? '1' : '2'), 1, 10)
  const attempts = parseInteger('--attempts', values.attempts ?? (smoke ? '1' : '3'), 1, 10)
  const pets = values.pets === undefined ? undefined : parseInteger('--pets', values.pets, 101, 1_000_000)
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
  const build = ensureBuild(root, entry)
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
      log,
    }
    const { targets, requests } = await compareTargets(settings)
    if (attempts > 1) await waitForQuiet({ thresholdPercent: 10, maxWaitMs: 10_000 })
    log(`measuring the in-process fetch for ${durationSeconds} s`)
    const inProcess = await measureInProcess({ durationMs: durationSeconds * 1_000 })
    const scale = pets === undefined ? null : await measureScale({ ...settings, pets })
    const report: BenchReport = {
      generatedAt: new Date().toISOString(),
      machine,
      settings: {
        connections,
        durationSeconds,
        rounds,
        attempts,
        smoke,
        statistic: 'median over rounds',
        order: 'targets alternate, each round starting one target later (A B C, B C A, ...)',
        loadGenerator: 'autocannon 9 (programmatic, one thread, in the bench process)',
      },
      code,
      build,
      targets,
      requests,
      inProcess,
      scale,
      goals: judgeGoals({ targets, requests, scale }),
    }
    const written = await writeBenchReport(reportDirectory, report)
    console.log(formatBenchSummary(report))
    console.log(`\nReport: ${written.json}, ${written.html}`)
    return 0
  } finally {
    await bare.remove()
  }
})

/** `--pets` may stand alone (parseArgs has no optional values): it then means `defaultPets`. */
function withPetsDefault(args: Array<string>): Array<string> {
  return args.flatMap((arg, index) => {
    const next = args[index + 1]
    return arg === '--pets' && (next === undefined || next.startsWith('-')) ? [arg, String(defaultPets)] : [arg]
  })
}
