import { escapeMarkup } from '../contract-tests/reports/escape-markup.ts'
import type { BenchReport } from './bench-report.ts'
import { formatNumber } from './format-number.ts'

interface Bar {
  label: string
  value: number
  text: string
}

const colours: Record<string, string> = { ours: '#2563eb', prism: '#d97706', bare: '#6b7280' }
/** Decimals of a goal's figure by unit: ratios 2, seconds 3, a unitless count (an exit code) none, else 1. */
const goalDecimals: Record<string, number> = { x: 2, s: 3, '': 0 }

/**
 * The report as one self-contained HTML page (inline SVG bar charts and CSS, no script, nothing
 * fetched), readable offline and as a CI artifact.
 * @example writeFileSync('reports/bench/bench.html', renderBenchHtml(report))
 */
export function renderBenchHtml(report: BenchReport): string {
  const { settings, machine } = report
  const charts: Array<string> = []
  for (const request of report.requests) {
    const bars = Object.entries(request.figures).map(([name, figures]) => ({
      label: name,
      value: figures.requestsPerSecond,
      text: [
        `${formatNumber(figures.requestsPerSecond)} req/s`,
        `p50 ${formatNumber(figures.p50Ms)} ms`,
        `p99 ${formatNumber(figures.p99Ms)} ms`,
        `${formatNumber(figures.serverCpuMicrosecondsPerRequest)} µs CPU/req`,
      ].join(' · '),
    }))
    const otherCpu = Math.max(...Object.values(request.figures).map((f) => f.otherCpuMaxPercent ?? 0))
    const note = [
      `ours/Prism ${formatNumber(request.oursToPrism, 2)}x`,
      `ours/bare ${formatNumber(request.oursToBare, 2)}x (by CPU per request ` +
        `${formatNumber(request.oursToBareByCpu, 2)}x)`,
      `other programs took up to ${formatNumber(otherCpu, 1)}% of the CPU`,
    ].join(' · ')
    charts.push(chart(`${request.label}: requests per second`, bars, note))
  }
  const targets = Object.entries(report.targets)
  charts.push(
    chart(
      'Start-up: spawn to first answer (ms)',
      targets.map(([name, t]) => ({ label: name, value: t.startupMs, text: `${formatNumber(t.startupMs)} ms` })),
    ),
  )
  charts.push(
    chart(
      'Idle RSS (MB)',
      targets.map(([name, t]) => ({
        label: name,
        value: t.idleRssMb ?? 0,
        text: `${formatNumber(t.idleRssMb, 1)} MB`,
      })),
    ),
  )
  charts.push(
    chart(
      'Peak RSS over the run (MB)',
      targets.map(([name, t]) => ({
        label: name,
        value: t.peakRssMb ?? 0,
        text: `${formatNumber(t.peakRssMb, 1)} MB`,
      })),
    ),
  )
  const scale = report.scale
  if (scale) {
    for (const request of scale.requests) {
      const bars = Object.entries(request.figures).map(([size, figures]) => ({
        label: `--pets ${size}`,
        value: figures.requestsPerSecond,
        text: `${formatNumber(figures.requestsPerSecond)} req/s · p99 ${formatNumber(figures.p99Ms)} ms`,
      }))
      charts.push(
        chart(
          `Scale, ${request.label}`,
          bars,
          `N=${formatNumber(scale.pets)} keeps ${formatNumber(request.ratio * 100)}% of N=${scale.baseline}`,
        ),
      )
    }
  }
  const goals = report.goals
    .map(
      (goal) =>
        `<tr class="${goal.pass ? 'pass' : 'miss'}"><td>${goal.pass ? 'PASS' : 'MISS'}</td>` +
        `<td>${escapeMarkup(goal.label)}</td>` +
        `<td>${formatNumber(goal.value, goalDecimals[goal.unit] ?? 1)} ${goal.unit}</td>` +
        `<td>${goal.direction === 'min' ? '&ge;' : '&le;'} ${goal.limit} ${goal.unit}</td>` +
        `<td class="note">${escapeMarkup(goal.note ?? '')}</td></tr>`,
    )
    .join('\n')
  const code = report.code
    ? `${report.code.commit}${report.code.uncommitted.length > 0 ? ' + uncommitted changes' : ''}`
    : 'unknown'
  const smokeNote = settings.smoke ? ' · <strong>smoke run: figures are not meaningful</strong>' : ''
  const { inProcess } = report
  const contractRuns = Object.values(report.contract)
    .map(
      (run) =>
        `<tr><td>${escapeMarkup(run.label)}</td><td>${formatNumber(run.seconds, 1)} s</td>` +
        `<td>${formatNumber(run.peakRssMb)} MB</td><td>${formatNumber(run.requests)}</td>` +
        `<td>${run.exitCode}</td><td><code>${escapeMarkup(run.command)}</code></td></tr>`,
    )
    .join('\n')
  const { delayed } = report.contract
  const smokeChecks = delayed.only ? `; smoke: ${delayed.only.split(',').length} checks (--only)` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Pet Store mock benchmark</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #111827; max-width: 60rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
table { border-collapse: collapse; }
td, th { padding: 0.2rem 0.6rem; text-align: left; border-bottom: 1px solid #e5e7eb; }
tr.pass td:first-child { color: #15803d; font-weight: 600; }
tr.miss td:first-child { color: #b91c1c; font-weight: 600; }
figure { margin: 1.2rem 0; } figcaption { font-weight: 600; margin-bottom: 0.3rem; }
.note { color: #4b5563; }
</style>
</head>
<body>
<h1>Pet Store mock benchmark</h1>
<p class="note">${escapeMarkup(report.generatedAt)} · code ${escapeMarkup(code)} ·
${escapeMarkup(machine.cpuModel)}, ${machine.cores} cores, node ${escapeMarkup(machine.node)},
load ${machine.loadAverageAtStart.toFixed(2)} at start ·
${settings.connections} connections, ${settings.durationSeconds} s per run, ${settings.rounds} round(s),
${escapeMarkup(settings.statistic)}; ${escapeMarkup(settings.loadGenerator)}${smokeNote}</p>
<h2>Goals</h2>
<table>${goals}</table>
<h2>Charts</h2>
${charts.join('\n')}
<h2>In-process fetch</h2>
<p>${escapeMarkup(inProcess.request)}: ${formatNumber(inProcess.callsPerSecond)} calls/s
(${formatNumber(inProcess.microsecondsPerCall, 1)} µs per call).</p>
<h2>Contract suite (whole runs, each its own process)</h2>
<table><tr><th>run</th><th>wall time</th><th>peak RSS</th><th>requests</th><th>exit</th><th>command</th></tr>
${contractRuns}</table>
<p class="note">Requests: those the run's contract-report.json counts (answered, to the interface's operations).
The delay proxy holds every chunk ${delayed.delayMs} ms each way (${formatNumber(delayed.connections)} connections
through it), at the default concurrency${smokeChecks}.</p>
<p class="note">All figures are in bench.json beside this file.</p>
</body>
</html>
`
}

function chart(title: string, bars: Array<Bar>, note?: string): string {
  const width = 900
  const labelWidth = 110
  const barArea = 330
  const rowHeight = 28
  const height = bars.length * rowHeight + 8
  const largest = Math.max(...bars.map((bar) => bar.value), 1)
  const rows = bars
    .map((bar, index) => {
      const y = 4 + index * rowHeight
      const length = Number.isFinite(bar.value) ? Math.max(1, (bar.value / largest) * barArea) : 0
      const colour = colours[bar.label] ?? colours.ours
      return (
        `<text x="0" y="${y + 17}">${escapeMarkup(bar.label)}</text>` +
        `<rect x="${labelWidth}" y="${y + 3}" width="${length.toFixed(1)}" ` +
        `height="${rowHeight - 8}" fill="${colour}"/>` +
        `<text x="${labelWidth + length + 6}" y="${y + 17}">${escapeMarkup(bar.text)}</text>`
      )
    })
    .join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-size="12"` +
    ` font-family="system-ui, sans-serif" role="img" aria-label="${escapeMarkup(title)}">${rows}</svg>`
  const caption = note ? `<div class="note">${escapeMarkup(note)}</div>` : ''
  return `<figure><figcaption>${escapeMarkup(title)}</figcaption>${svg}${caption}</figure>`
}
