import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { originForm } from '../support/origin-form.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { startStubServer } from '../support/start-stub-server.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const key = 'consistency-key-1'

// The standalone mock behind a proxy that appends "!" to the name of every pet read by id (several
// failed checks in one test case) and refuses a lower-case "bearer" (a deviation).
async function renamingTarget(): Promise<string> {
  const mock = await startPetStoreServer({ apiKeys: [key] })
  cleanups.push(mock.close)
  const origin = new URL(mock.baseUrl).origin
  const proxy = await startStubServer(async (request, response) => {
    if (request.headers.authorization?.startsWith('bearer ')) {
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
      return response.end('{"code":"unauthorized","message":"Use Bearer.","status":401}')
    }
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'accept']) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const answer = await fetch(`${origin}${originForm(request.url)}`, { method: request.method, headers })
    let body = await answer.text()
    if (/\/pets\/\d+$/.test(request.url ?? '') && answer.status === 200)
      body = JSON.stringify({ ...JSON.parse(body), name: `${JSON.parse(body).name}!` })
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    response.end(body)
  })
  cleanups.push(proxy.close)
  return `${proxy.url}/v1`
}

it(
  'states the same counts on the console and in every report, each curl line the request that failed',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-consistency-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const only = 'get_matches_list,lowercase_bearer,list_bare_array,create_echo'
    const run = await runContractProcess([
      ...['--base-url', await renamingTarget(), '--api-key', key, '--read-only'],
      ...['--only', only, '--report-dir', dir],
    ])
    expect(run.code, run.stderr).toBe(1)
    const read = (name: string) => readFile(join(dir, name), 'utf8')
    const { counts } = JSON.parse(await read('contract-report.json'))
    expect(counts.violations).toBeGreaterThan(counts.failed)
    // The selected checks that write, each skipped by the read-only run: from the registry, whatever kinds have one.
    const writers = selectScenarios(only.split(','))
      .flatMap((group) => group.scenarios)
      .filter((scenario) => scenario.writes).length
    expect(writers).toBeGreaterThan(0)
    expect(counts).toMatchObject({ failed: 1, errors: 0, skipped: writers })
    expect(counts.deviations).toBeGreaterThan(0)

    const { tests, passed, failed, skipped, violations, deviations } = counts
    const closing = `${passed} passed, ${failed} failed, ${skipped} skipped`
    expect(run.stdout).toContain(`Test cases: ${tests} (the setup and ${tests - 1} scenarios): ${closing}`)
    expect(run.stdout).toContain(`Findings: ${violations} violation(s), ${deviations} deviation(s)`)
    expect(run.stdout).toContain(`Failures (${failed} failed):`)
    expect(run.stdout).toContain(`Skipped (${skipped}):`)
    expect(run.stdout).toContain(`Deviations (${deviations}, `)
    expect(await read('junit.xml')).toContain(` tests="${tests}" failures="${failed}" errors="0" skipped="${skipped}"`)
    const header = (await read('contract-report.html')).split('</header>')[0]!
    for (const [count, label] of [
      [tests, 'test cases'],
      [passed, 'passed'],
      [failed, 'failed'],
      [skipped, 'skipped'],
      [violations, 'violations'],
      [deviations, deviations === 1 ? 'deviation' : 'deviations'],
    ])
      expect(header).toContain(`<b>${count}</b> ${label}</li>`)

    // Each failure on a pet read by id is reproduced by the request for that pet, not by the scenario's last one.
    const failure = /✗ \[get_matches_list\] .*\(GET (\S+)\)\n(?:(?!\s+✗).*\n)*?\s+reproduce: curl -sS -i '([^']+)'/g
    const failures = [...run.stdout.matchAll(failure)]
    expect(failures.length).toBe(violations)
    for (const [, failedUrl, reproducedUrl] of failures) expect(reproducedUrl).toBe(failedUrl)
  },
  scaledMs(90_000),
)
