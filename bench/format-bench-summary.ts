import type { BenchReport, Goal } from './bench-report.ts'
import { formatNumber } from './format-number.ts'
import { formatTable } from './format-table.ts'
import { roundRatios } from './round-ratios.ts'

/**
 * The console summary: start-up and memory, a table per request with the ratios, the in-process
 * figure, the scale figures, the mock controls' figures, then every goal with PASS or MISS.
 * @example console.log(formatBenchSummary(report))
 */
export function formatBenchSummary(report: BenchReport): string {
  const { settings, machine } = report
  const lines: Array<string> = []
  const section = (title: string, body: string): void => {
    lines.push('', title, body)
  }
  lines.push(
    `Pet Store mock benchmark: ${settings.connections} connections, ${settings.durationSeconds} s per run, ` +
      `${settings.rounds} round(s) of up to ${settings.attempts} attempt(s), ` +
      `${settings.statistic}${settings.smoke ? ' (smoke run: figures are not meaningful)' : ''}`,
    `Code: ${codeLine(report.code)}`,
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, node ${machine.node}, load ` +
      `${machine.loadAverageAtStart.toFixed(2)} at start; ${settings.loadGenerator}`,
  )

  const startupSamples = report.targets.ours?.startupSamplesMs.length ?? 1
  section(
    'Start-up and memory',
    formatTable([
      ['target', `start-up (median of ${startupSamples})`, 'ready line', 'idle RSS', 'peak RSS', 'command'],
      ...Object.entries(report.targets).map(([name, target]) => [
        name,
        `${formatNumber(target.startupMs)} ms`,
        target.readyLineMs === null ? '-' : `${formatNumber(target.readyLineMs)} ms`,
        `${formatNumber(target.idleRssMb)} MB`,
        `${formatNumber(target.peakRssMb)} MB`,
        `  ${target.command}`,
      ]),
    ]),
  )

  for (const request of report.requests) {
    section(
      `${request.label}`,
      formatTable([
        ['target', 'req/s', 'p50', 'p99', 'server CPU', 'CPU/req', 'other CPU', 'status', 'bytes', 'sent'],
        ...Object.entries(request.figures).map(([name, figures]) => [
          name,
          formatNumber(figures.requestsPerSecond),
          `${formatNumber(figures.p50Ms)} ms`,
          `${formatNumber(figures.p99Ms)} ms`,
          `${formatNumber(figures.serverCpuPercent)}%`,
          `${formatNumber(figures.serverCpuMicrosecondsPerRequest)} µs`,
          `${formatNumber(figures.otherCpuMaxPercent, 1)}%`,
          String(request.answers[name]?.status ?? '-'),
          formatNumber(request.answers[name]?.bytes),
          `  ${request.paths[name] ?? ''}`,
        ]),
      ]) +
        `\nours/Prism ${formatNumber(request.oursToPrism, 2)}x, ours/bare ${formatNumber(request.oursToBare, 2)}x` +
        ` (by server CPU per request: ours/bare ${formatNumber(request.oursToBareByCpu, 2)}x)` +
        perRound(roundRatios(request.figures.ours?.rounds ?? [], request.figures.bare?.rounds ?? [])),
    )
  }

  const disturbed = [
    ...report.requests.flatMap((request) => Object.values(request.figures)),
    ...(report.scale?.requests.flatMap((request) => Object.values(request.figures)) ?? []),
  ]
    .map((figures) => figures.otherCpuMaxPercent ?? 0)
    .reduce((most, share) => Math.max(most, share), 0)
  lines.push(
    '',
    "server CPU: the target's CPU use during the run, in % of one core (under 100%: the load generator, " +
      'sharing the machine, set the pace); CPU/req: its CPU time per request.',
    'other CPU: the largest share of the machine that anything but the bench and the target took during a round ' +
      `(${formatNumber(disturbed, 1)}% at worst).` +
      (disturbed > 10
        ? ' Above 10%: something else was running, so these figures are low; run again on an idle machine.'
        : ''),
  )

  const inProcess = report.inProcess
  section(
    'In-process fetch (no socket)',
    `${inProcess.request}: ${formatNumber(inProcess.callsPerSecond)} calls/s, ` +
      `${formatNumber(inProcess.microsecondsPerCall, 1)} µs per call (${formatNumber(inProcess.calls)} calls in ` +
      `${formatNumber(inProcess.seconds, 1)} s, one at a time)`,
  )

  const scale = report.scale
  if (scale) {
    const sizes = Object.keys(scale.targets)
    section(
      `Scale: our mock with --pets ${sizes.join(' and --pets ')}`,
      `${formatTable([
        ['', ...sizes.map((size) => `--pets ${size}`), 'ratio'],
        ['start-up', ...sizes.map((size) => `${formatNumber(scale.targets[size]?.startupMs)} ms`), ''],
        ['idle RSS', ...sizes.map((size) => `${formatNumber(scale.targets[size]?.idleRssMb)} MB`), ''],
        ['peak RSS', ...sizes.map((size) => `${formatNumber(scale.targets[size]?.peakRssMb)} MB`), ''],
        ...scale.requests.flatMap((request) => [
          [
            `${request.label} req/s`,
            ...sizes.map((size) => formatNumber(request.figures[size]?.requestsPerSecond)),
            `${formatNumber(request.ratio, 2)}x`,
          ],
          ['  p99', ...sizes.map((size) => `${formatNumber(request.figures[size]?.p99Ms)} ms`), ''],
          [
            '  server CPU per request',
            ...sizes.map((size) => `${formatNumber(request.figures[size]?.serverCpuMicrosecondsPerRequest)} µs`),
            '',
          ],
          [
            '  other CPU (worst round)',
            ...sizes.map((size) => `${formatNumber(request.figures[size]?.otherCpuMaxPercent, 1)}%`),
            '',
          ],
          ['  bytes per answer body', ...sizes.map((size) => formatNumber(request.bytes[size])), ''],
        ]),
      ])}\nseeding (start-up at ${sizes[1]} minus start-up at ${sizes[0]}): ${formatNumber(scale.seedingMs)} ms`,
    )
  }

  if (report.largeStore.length > 0) {
    const stores = report.largeStore
    const ms = (value: number): string => `${formatNumber(value, value < 10 ? 1 : 0)} ms`
    section(
      `Large stores: our mock with --pets ${stores.map((store) => formatNumber(store.pets)).join(' and ')}`,
      `${formatTable([
        ['', ...stores.map((store) => `--pets ${formatNumber(store.pets)}`)],
        ['start-up (spawn to first answer)', ...stores.map((store) => ms(store.startupMs))],
        ['idle RSS', ...stores.map((store) => `${formatNumber(store.idleRssMb)} MB`)],
        ['peak RSS', ...stores.map((store) => `${formatNumber(store.peakRssMb)} MB`)],
        ['GET /v1/pets/{last id}', ...stores.map((store) => ms(store.readMs))],
        ['first GET of a new X-Mock-Session', ...stores.map((store) => ms(store.newSessionMs))],
        ['POST /__mock/reset', ...stores.map((store) => ms(store.resetMs))],
        ['  a GET sent while it runs', ...stores.map((store) => ms(store.getDuringResetMs))],
        [
          `PUT /__mock/state (${formatNumber(stores[0]?.replacePets)} pets over the store)`,
          ...stores.map((store) => ms(store.replaceMs)),
        ],
        ['  a GET sent while it runs', ...stores.map((store) => ms(store.getDuringReplaceMs))],
        ['in-process replace of every pet', ...stores.map((store) => ms(store.inProcessReplaceMs))],
        ['  longest event-loop stall', ...stores.map((store) => ms(store.inProcessReplaceStallMs))],
        ['in-process reset after it', ...stores.map((store) => ms(store.inProcessResetMs))],
      ])}\nTimes are medians of 3; each request on a fresh connection.`,
    )
  }

  const { sessions, sessionsLargeStore, stateFile } = report.controls
  const sessionsLine = (figures: typeof sessions): string =>
    `${formatNumber(figures.sessions)} sessions (X-Mock-Session) at --pets ${formatNumber(figures.pets)}, one ` +
    `POST /v1/pets each, one after the other: +${formatNumber(figures.addedRssMb, 1)} MB RSS (peak ` +
    `${formatNumber(figures.peakRssMb)} MB), ${formatNumber(figures.msPerNewSession, 2)} ms a new session`
  section(
    'Mock controls',
    [
      sessionsLine(sessions),
      `${sessionsLine(sessionsLargeStore)} (sessions share the seeded pets)`,
      `${formatNumber(stateFile.creates)} concurrent POST /v1/pets, median of ${stateFile.rounds} round(s): ` +
        `${formatNumber(stateFile.withStateFile)} creates/s with --state-file (each 201 once its pet is on disk), ` +
        `${formatNumber(stateFile.inMemory)} without; every acknowledged pet on disk: ` +
        `${stateFile.allOnDisk ? 'yes' : 'NO'}`,
    ].join('\n'),
  )

  const { delayed } = report.contract
  const smokeChecks = delayed.only ? `; smoke: ${delayed.only.split(',').length} checks (--only)` : ''
  const contractRuns = Object.values(report.contract)
  // The table right-aligns its figures; commands of different lengths read better left-aligned.
  const commandWidth = Math.max(...contractRuns.map((run) => run.command.length))
  section(
    'Contract suite (whole runs, each its own process)',
    `${formatTable([
      ['run', 'wall time', 'peak RSS', 'requests', 'exit', `  ${'command'.padEnd(commandWidth)}`],
      ...contractRuns.map((run) => [
        run.label,
        `${formatNumber(run.seconds, 1)} s`,
        `${formatNumber(run.peakRssMb)} MB`,
        formatNumber(run.requests),
        String(run.exitCode),
        `  ${run.command.padEnd(commandWidth)}`,
      ]),
    ])}\nrequests: those the run's contract-report.json counts (answered, to the interface's operations). The ` +
      `delay proxy holds every chunk ${delayed.delayMs} ms each way (${formatNumber(delayed.connections)} ` +
      `connections through it), at the default concurrency${smokeChecks}.`,
  )

  const met = report.goals.filter((goal) => goal.pass).length
  section(
    `Goals (${met} of ${report.goals.length} met)`,
    formatTable(
      report.goals.map((goal) => [
        `${goal.pass ? 'PASS' : 'MISS'}  ${goal.label}`,
        formatGoalValue(goal),
        withUnit(`${goal.direction === 'min' ? '>=' : '<='} ${goal.limit}`, goal.unit),
        goal.note ? `  ${goal.note}` : '',
      ]),
    ),
  )
  return lines.join('\n')
}

function formatGoalValue(goal: Goal): string {
  const decimals = goal.unit === 'x' ? 2 : goal.unit === 's' ? 3 : goal.unit === 'MB' ? 1 : 0
  return withUnit(formatNumber(goal.value, decimals), goal.unit)
}

/** A figure and its unit; a unitless one (an exit code) alone. */
function withUnit(figure: string, unit: string): string {
  return unit ? `${figure} ${unit}` : figure
}

function codeLine(code: BenchReport['code']): string {
  if (!code) return 'unknown (not a git checkout)'
  const changes = code.uncommitted.length > 0 ? ` plus uncommitted changes to ${code.uncommitted.join(', ')}` : ''
  return `${code.commit} "${code.subject}"${changes}`
}

/** Each round's ratio, when there are several: how far apart they land tells how far to trust the median. */
function perRound(ratios: ReadonlyArray<number>): string {
  if (ratios.length < 2) return ''
  return `; ours/bare round by round: ${ratios.map((ratio) => `${formatNumber(ratio, 2)}x`).join(', ')}`
}
