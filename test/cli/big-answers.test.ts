import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { bigAnswers, startBigAnswerTarget } from '../../tools/big-answer-targets.ts'
import { runMeasuredContract } from '../../tools/run-measured-contract.ts'
import { scaledMs } from '../../tools/time-scale.ts'

// The goal: for any target and the default options, a verdict and every report within 3 minutes, and
// a peak RSS under 512 MB (decision record 012's goal for any target).
const peakRssGoalMb = 512
const wallTimeGoalMs = 180_000
const apiKey = 'big-answer-key-5d1e8a'
const cleanups: Array<() => Promise<void>> = []

afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()))
})

// Each list answer is millions of values just under the read cap. Before the client bounded what it parses and
// keeps, each run ended without a report: out of memory at 4.4 GB, or killed after minutes. The three runs go side
// by side (about 30 s each alone), each in a process of its own, measured from outside.
it.concurrent.each(bigAnswers)(
  'ends a run against $name with a verdict and every report, within the goals',
  async ({ answer, name }) => {
    const target = await startBigAnswerTarget(answer, apiKey)
    cleanups.push(target.close)
    const reportDir = await mkdtemp(join(tmpdir(), 'contract-big-'))
    cleanups.push(() => rm(reportDir, { recursive: true, force: true }))
    const args = ['--base-url', target.baseUrl, '--api-key', apiKey, '--report-dir', reportDir, '--seed', '7']
    const run = await runMeasuredContract(args, scaledMs(240_000))
    console.log(`${name}: exit ${run.code} in ${(run.ms / 1000).toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB`)
    const output = `${run.stdout}${run.stderr}`
    expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
    expect(output).not.toContain(apiKey)
    // A violation, found at once and said with what was judged of the body, never a crash.
    expect(run.code, output).toBe(1)
    const judged =
      answer === 'empty objects'
        ? /\[response_schema_conformance\] .*Judged: the first 101 of its 1,600,000 items, all read as JSON\./
        : answer === 'fields'
          ? /\[response_schema_conformance\] .*expected array, received object\. Judged: 101 of its 300,000 fields/
          : /\[response_schema_conformance\] .*<=100 items\. Judged: the first 101 of its 75,\d{3} items/
    expect(run.stdout).toMatch(judged)
    const report = JSON.parse(await readFile(join(reportDir, 'contract-report.json'), 'utf8'))
    expect(report.exitCode).toBe(1)
    expect(await readFile(join(reportDir, 'junit.xml'), 'utf8')).toMatch(/^<\?xml/)
    expect(await readFile(join(reportDir, 'contract-report.html'), 'utf8')).toMatch(/^<!doctype html>/i)
    expect(run.peakRssMb).toBeLessThan(peakRssGoalMb)
    expect(run.ms).toBeLessThan(scaledMs(wallTimeGoalMs))
  },
  scaledMs(300_000),
)
