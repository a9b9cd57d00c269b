import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { scaledMs } from '../tools/time-scale.ts'
import type { BenchReport } from './bench-report.ts'

const benchScript = fileURLToPath(new URL('../scripts/bench.ts', import.meta.url))

// The smoke run keeps the bench from rotting; it asserts that figures exist, never what they are.
// It takes about 4 min 40 s on a quiet 2-core machine, most of it in the four whole contract runs.
it('runs the smoke bench and writes a report with figures for every target and request', {
  timeout: scaledMs(370_000),
}, async () => {
  const reportDir = await mkdtemp(join(tmpdir(), 'petstore-bench-test-'))
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', benchScript, '--smoke', '--duration', '1', '--pets', '1000', '--report-dir', reportDir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGINT'), scaledMs(360_000))
    const [code] = (await once(child, 'exit')) as [number | null]
    clearTimeout(timer)
    expect(code, output).toBe(0)

    const report = JSON.parse(await readFile(join(reportDir, 'bench.json'), 'utf8')) as BenchReport
    expect(report.requests.map((request) => request.key)).toEqual(['list', 'get', 'create'])
    for (const request of report.requests) {
      for (const target of ['ours', 'prism', 'bare']) {
        expect(request.figures[target]?.requestsPerSecond, `${request.label} ${target}`).toBeGreaterThan(0)
        expect(typeof request.figures[target]?.p99Ms).toBe('number')
      }
      expect(Number.isFinite(request.oursToPrism) && Number.isFinite(request.oursToBare)).toBe(true)
    }
    for (const target of ['ours', 'prism', 'bare']) expect(report.targets[target]?.startupMs).toBeGreaterThan(0)
    expect(report.inProcess.callsPerSecond).toBeGreaterThan(0)
    expect(report.scale?.requests.map((request) => request.ratio).every(Number.isFinite)).toBe(true)
    expect(report.controls.sessions.sessions).toBe(20)
    expect(report.controls.sessions.addedRssMb).toEqual(expect.any(Number))
    expect(report.controls.sessionsLargeStore).toMatchObject({ sessions: 10, pets: 20_000 })
    expect(report.controls.sessionsLargeStore.addedRssMb).toEqual(expect.any(Number))
    expect(report.controls.stateFile).toMatchObject({ creates: 50, allOnDisk: true })
    expect(report.controls.stateFile.withStateFile).toBeGreaterThan(0)
    expect(report.goals.map((goal) => goal.label)).toContain('RSS added by 20 sessions, one create each')
    expect(report.goals.map((goal) => goal.label)).toContain('RSS added by 10 new sessions at --pets 20,000')
    expect(report.largeStore.map((store) => store.pets)).toEqual([2_000, 20_000])
    for (const store of report.largeStore)
      for (const figure of [
        'startupMs',
        'resetMs',
        'getDuringResetMs',
        'replaceMs',
        'inProcessReplaceStallMs',
      ] as const)
        expect(store[figure], `${figure} at ${store.pets}`).toBeGreaterThan(0)
    expect(report.goals.map((goal) => goal.label)).toContain('a GET during a reset, --pets 20,000')
    expect(output).toMatch(/Large stores: our mock with --pets 2,000 and 20,000\n/)
    expect(output).toMatch(/(PASS|MISS) {2}ours\/bare throughput, GET \/v1\/pets\/\{id\}.*>= 0\.95 x/)
    expect(report.goals.length).toBeGreaterThan(0)
    expect(await readFile(join(reportDir, 'bench.html'), 'utf8')).toContain('<svg')
    expect(output).toMatch(/Mock controls\n20 sessions .* MB RSS/)
    expect(output).toMatch(/\n10 sessions \(X-Mock-Session\) at --pets 20,000, .* MB RSS .*share the seeded pets/)
    expect(output).toMatch(/50 concurrent POST \/v1\/pets.*creates\/s with --state-file/)
    for (const run of Object.values(report.contract)) {
      expect(run.peakRssMb, run.label).toBeGreaterThan(0)
      expect(run.seconds, run.label).toBeGreaterThan(0)
    }
    expect(report.proxy.directPerSecond).toBeGreaterThan(0)
    expect(report.proxy.proxiedPerSecond).toBeGreaterThan(0)
    expect(report.proxy.proxiedNon2xx).toBe(0)
    expect(report.proxy.relayPerSecond).toBeGreaterThan(0)
    expect(report.proxy.minimalPerSecond).toBeGreaterThan(0)
    expect(report.proxy.latency.samples).toBeGreaterThan(900)
    expect(report.proxy.latency.failed).toBe(0)
    expect(Number.isFinite(report.proxy.latency.addedP99Ms)).toBe(true)
    expect(output).toMatch(
      /(PASS|MISS) {2}proxied\/ten-line node:http proxy throughput, GET \/v1\/pets\/\{id\}.*>= 0\.6 x/,
    )
    expect(output).toMatch(/(PASS|MISS) {2}latency the proxy adds, median, at 200 req\/s, a 10 ms deployment .*<= 1 ms/)
    expect(output).toMatch(/(PASS|MISS) {2}latency the proxy adds, p99, at 200 req\/s, a 10 ms deployment .*<= 5 ms/)
    expect(report.contract.healthy.exitCode).toBe(0)
    expect(report.contract.healthy.requests).toBeGreaterThan(0)
    expect(report.contract.hostile.exitCode).toBe(1)
    expect(report.goals.map((goal) => goal.label)).toContain('contract run peak RSS, a hostile target')
    // A server that ignores limit: a verdict (its lists are violations) and its report, whatever the lists hold.
    expect(report.contract.ignoredLimit).toMatchObject({ exitCode: 1, requests: expect.any(Number) })
    expect(output).toMatch(/\na server that ignores limit \(75,000 pets a list\) +[\d.]+ s +\d+ MB +[\d,]+ +1 /)
    expect(output).toMatch(/(PASS|MISS) {2}contract run wall time, a server that ignores limit .* <= 180 s/)
    expect(report.goals.map((goal) => goal.label)).toContain('contract run wall time, healthy (npm run contract)')
    // The suite behind the delay proxy: its requests made it through, and latency did not make it misjudge the mock.
    const { delayed } = report.contract
    expect(delayed).toMatchObject({ delayMs: 50, exitCode: 0, only: expect.stringContaining('head_like_get') })
    expect(delayed.requests).toBeGreaterThan(0)
    expect(delayed.connections).toBeGreaterThan(0)
    expect(output).toMatch(/\nthe same behind a 50 ms delay proxy +[\d.]+ s +\d+ MB +[\d,]+ +0 +npm run contract/)
    expect(output).toMatch(/PASS {2}contract run exit code, behind a 50 ms delay proxy \(smoke: 4 checks\) +0 +<= 0/)
    expect(output).toMatch(
      /Contract suite \(whole runs, each its own process\)\n.*\nhealthy run against the local mock +[\d.]+ s +\d+ MB/,
    )
    expect(output).toMatch(/Goals \(\d+ of \d+ met\)/)
  } finally {
    await rm(reportDir, { recursive: true, force: true })
  }
})
