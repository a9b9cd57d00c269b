import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { runContractProcess } from '../support/run-contract-process.ts'
import { startStubServer } from '../support/start-stub-server.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

async function reportDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-unjudged-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function reports(dir: string): Promise<{ json: string; junit: string; html: string }> {
  expect((await readdir(dir)).sort()).toEqual(['contract-report.html', 'contract-report.json', 'junit.xml'])
  const read = (name: string) => readFile(join(dir, name), 'utf8')
  return {
    json: await read('contract-report.json'),
    junit: await read('junit.xml'),
    html: await read('contract-report.html'),
  }
}

it('writes the JSON, JUnit and HTML reports, one test case saying why, when nothing listens', async () => {
  const closed = await startStubServer(() => {})
  await closed.close()
  // A key that the base URL happens to hold: the reason quotes the URL, the reports must not quote the key.
  const key = 'sk-unjudged-7f3a9c'
  const dir = await reportDir()
  const run = await runContractProcess(['--base-url', `${closed.url}/${key}/v1`, '--report-dir', dir], {
    PETSTORE_API_KEY: key,
  })
  expect(run.code).toBe(2)
  expect(run.stderr.trim()).toMatch(/^error: The target is unreachable at .*ECONNREFUSED\.$/)
  expect(run.stdout).toContain(`Reports: ${join(dir, 'contract-report.json')}`)
  const { json, junit, html } = await reports(dir)
  const reason = `The target is unreachable at ${closed.url}/$PETSTORE_API_KEY/v1: ECONNREFUSED.`
  const report = JSON.parse(json)
  expect(report).toMatchObject({ exitCode: 2, targetError: reason, scenarios: [] })
  expect(report.counts).toEqual({ tests: 1, passed: 0, failed: 0, errors: 1, skipped: 0, violations: 0, deviations: 0 })
  expect(/<testsuites([^>]*)>/.exec(junit)?.[1]).toMatch(/ tests="1" failures="0" errors="1" skipped="0"/)
  expect(junit.match(/<testcase /g)).toHaveLength(1)
  expect(junit).toContain(`<error message="${reason}" type="target_error">`)
  expect(html).toContain('Target could not be judged')
  expect(html).toContain(reason)
  for (const text of [run.stdout, run.stderr, json, junit, html]) expect(text).not.toContain(key)
})

it('writes the reports of a run whose target resets every connection, the setup saying why', async () => {
  const resetting = await startStubServer((request, response) => {
    // The reachability probe gets an answer; what the suite sends next is cut off mid-response.
    if (request.url?.endsWith('/pets?limit=1')) return response.writeHead(200).end('[]')
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
    response.write('[{"id":1,')
    setTimeout(() => response.socket?.destroy(), 10)
  })
  cleanups.push(resetting.close)
  const dir = await reportDir()
  const run = await runContractProcess(['--base-url', `${resetting.url}/v1`, '--api-key', 'k-123', '--report-dir', dir])
  expect(run.code).toBe(2)
  expect(run.stdout).toMatch(/Verdict: TARGET COULD NOT BE JUDGED \(exit 2\): The connection failed/)
  const { json, junit } = await reports(dir)
  const { counts, targetError } = JSON.parse(json)
  expect(targetError).toMatch(/^The connection failed while reading the response/)
  expect(counts).toMatchObject({ errors: 1, failed: 0, passed: 0, skipped: counts.tests - 1 })
  expect(junit.match(/<error message="The connection failed[^"]*" type="target_error">/g)).toHaveLength(1)
  expect(junit).toContain(` errors="1" skipped="${counts.tests - 1}"`)
})
