import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { gzipBomb, type HostileAnswer, hostileAnswers } from '../../tools/hostile-answers.ts'
import { runMeasuredContract } from '../../tools/run-measured-contract.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { startTransportProxy, type TransportProxy } from '../variants/transport/start-transport-proxy.ts'

// The goal of decision record 012: whatever a target sends, the suite stays under it.
const peakRssGoalMb = 512
const apiKey = 'hostile-target-key-3b7f0c'
const cleanups: Array<() => Promise<void>> = []
let answers: Array<HostileAnswer> = []

beforeAll(async () => {
  answers = hostileAnswers(await gzipBomb(1))
}, scaledMs(60_000))

afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()))
})

const isList = (url = ''): boolean => /^\/v1\/pets(\?|$)/.test(url)

// The standalone mock behind a proxy that answers every list request (GET /v1/pets) with the hostile answer:
// the run must end within seconds, the finding naming that response, the three reports written, and the peak RSS
// of the whole process printed and under the goal.
const names = hostileAnswers(Buffer.alloc(0)).map((answer) => answer.name)

it.each(names)(
  'bounds a run against a target whose every list answer is %s',
  async (name) => {
    const answer = answers.find((candidate) => candidate.name === name) as HostileAnswer
    const proxy: TransportProxy = await startTransportProxy(apiKey, (request) =>
      request.method === 'GET' && isList(request.url) ? { respond: answer.send } : 'pass',
    )
    cleanups.push(proxy.close)
    const reportDir = await mkdtemp(join(tmpdir(), 'contract-hostile-'))
    cleanups.push(() => rm(reportDir, { recursive: true, force: true }))
    // The contract command as users run it, measured from outside: its peak RSS is the kernel's, read at exit.
    const run = await runMeasuredContract([
      ...['--base-url', proxy.baseUrl, '--api-key', apiKey, '--report-dir', reportDir],
      '--timeout-ms',
      '3000',
      '--seed',
      '7',
    ])
    console.log(
      `${answer.name}: exit ${run.code} in ${(run.ms / 1000).toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB`,
    )
    const output = `${run.stdout}${run.stderr}`
    expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
    expect(output).not.toContain(apiKey)
    // A verdict on what came back, never a crash: a violation (the body was not a list the client could read), or,
    // for a body that never completes, a setup that could not read the pets.
    expect(run.code, output).toBe(answer.name.startsWith('a body dripping') ? 2 : 1)
    const named = answer.name.startsWith('a body dripping')
      ? /The response to GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\?limit=100 did not complete within 3000 ms/
      : answer.name.startsWith('JSON')
        ? /\[response_schema_conformance\] The body nests arrays and objects more than 128 levels deep/
        : /\[response_schema_conformance\] The body is larger than the client reads/
    expect(run.stdout).toMatch(named)
    const report = JSON.parse(await readFile(join(reportDir, 'contract-report.json'), 'utf8'))
    expect(report.exitCode).toBe(run.code)
    expect(await readFile(join(reportDir, 'junit.xml'), 'utf8')).toMatch(/^<\?xml/)
    expect(await readFile(join(reportDir, 'contract-report.html'), 'utf8')).toMatch(/^<!doctype html>/i)
    expect(run.peakRssMb).toBeLessThan(peakRssGoalMb)
    // Seconds where it took minutes (or never ended); the margin is for a machine busy with other test files.
    expect(run.ms).toBeLessThan(scaledMs(100_000))
  },
  scaledMs(180_000),
)
