import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { consoleSummary } from '../../contract-tests/reports/console-summary.ts'
import { runResultFixture } from '../../contract-tests/reports/run-result-fixture.test-support.ts'
import { writeReports } from '../../contract-tests/reports/write-reports.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'

const dirs: Array<string> = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

interface Stated {
  tests: number
  passed: number
  failed: number
  errors: number
  skipped: number
  violations: number
  deviations: number
}

const number = (text: string, pattern: RegExp): number => {
  const match = pattern.exec(text)
  if (!match) throw new Error(`${pattern} not found`)
  return Number(match[1] ?? 0)
}

const failuresHeading = /Failures \((\d+) failed(?:, (\d+) could not be judged)?\)/

// What the console says: the closing counts, and the counts heading the Failures, Skipped and Deviations lists.
const closingLine = new RegExp(
  String.raw`Test cases: (\d+) \(the setup and \d+ scenarios\): (\d+) passed, ` +
    String.raw`(\d+) failed(?:, (\d+) could not be judged)?, (\d+) skipped`,
)

function fromConsole(text: string): [Stated, Stated] {
  const [, tests, passed, failed, errors, skipped] = closingLine.exec(text) ?? []
  const violations = number(text, /Findings: (\d+) violation/)
  const deviations = number(text, /Findings: \d+ violation\(s\), (\d+) deviation/)
  const closing = {
    tests: Number(tests),
    passed: Number(passed),
    failed: Number(failed),
    errors: Number(errors ?? 0),
    skipped: Number(skipped),
    violations,
    deviations,
  }
  // A list with nothing in it is not printed: its count is 0.
  const failures = failuresHeading.exec(text)
  const headed = {
    ...closing,
    failed: Number(failures?.[1] ?? 0),
    errors: Number(failures?.[2] ?? 0),
    skipped: Number(/\nSkipped \((\d+)\)/.exec(text)?.[1] ?? 0),
    deviations: Number(/\nDeviations \((\d+)/.exec(text)?.[1] ?? 0),
  }
  return [closing, headed]
}

// What JUnit says: the root's totals (passed is what is left), the run's properties, and the elements themselves.
function fromJunit(xml: string): [Stated, Stated] {
  const root = /<testsuites([^>]*)>/.exec(xml)?.[1] ?? ''
  const attribute = (name: string): number => number(root, new RegExp(` ${name}="(\\d+)"`))
  const property = (name: string): number => number(xml, new RegExp(`<property name="${name}" value="(\\d+)"/>`))
  const tests = attribute('tests')
  const failed = attribute('failures')
  const errors = attribute('errors')
  const skipped = attribute('skipped')
  const totals = { tests, passed: tests - failed - errors - skipped, failed, errors, skipped }
  const findings = { violations: property('violations'), deviations: property('deviations') }
  const elements = (name: string): number => xml.match(new RegExp(`<${name}[ />]`, 'g'))?.length ?? 0
  const cases = elements('testcase')
  const listed = {
    tests: cases,
    passed: cases - elements('failure') - elements('error') - elements('skipped'),
    failed: elements('failure'),
    errors: elements('error'),
    skipped: elements('skipped'),
  }
  return [
    { ...totals, ...findings },
    { ...listed, ...findings },
  ]
}

// What the HTML page says: the tiles of its header, and the counts in its table of contents.
function fromHtml(page: string): [Stated, Stated] {
  const header = page.slice(0, page.indexOf('</header>'))
  const tile = (label: string): number => number(header, new RegExp(`<b>(\\d+)</b> ${label}</li>`))
  const tiles = {
    tests: tile('test cases?'),
    passed: tile('passed'),
    failed: tile('failed'),
    errors: header.includes('could not be judged</li>') ? tile('could not be judged') : 0,
    skipped: tile('skipped'),
    violations: tile('violations?'),
    deviations: tile('deviations?'),
  }
  const toc = {
    ...tiles,
    tests: number(header, /All test cases \((\d+)\)/),
    failed: number(header, failuresHeading),
    errors: Number(failuresHeading.exec(header)?.[2] ?? 0),
    skipped: number(header, /Skipped \((\d+)\)/),
    deviations: number(header, /Deviations \((\d+)\)/),
  }
  return [tiles, toc]
}

/** Every count each report states, read back from the console text and the files as written. */
async function statedByEveryReport(result: RunResult): Promise<{ json: Stated } & Record<string, Stated>> {
  const dir = await mkdtemp(join(tmpdir(), 'report-counts-'))
  dirs.push(dir)
  await writeReports(result, dir)
  const read = (name: string): Promise<string> => readFile(join(dir, name), 'utf8')
  const json = JSON.parse(await read('contract-report.json')).counts as Stated
  const [consoleClosing, consoleHeadings] = fromConsole(consoleSummary(result))
  const [junitTotals, junitElements] = fromJunit(await read('junit.xml'))
  const [htmlTiles, htmlContents] = fromHtml(await read('contract-report.html'))
  return {
    json,
    consoleClosing,
    consoleHeadings,
    junitTotals,
    junitElements,
    htmlTiles,
    htmlContents,
  }
}

function expectAllEqual(stated: { json: Stated } & Record<string, Stated>): Stated {
  const { json } = stated
  for (const [report, counts] of Object.entries(stated)) expect(counts, report).toEqual(json)
  return json
}

// A target with two defects that each fail several checks of one test case, and one deviation.
function faultyFetch(fetch: FetchLike): FetchLike {
  return async (input, init) => {
    const authorization = new Headers(init?.headers).get('authorization') ?? ''
    if (authorization.startsWith('bearer '))
      return Response.json(
        { code: 'unauthorized', message: 'Use "Bearer".', status: 401 },
        { status: 401, headers: { 'www-authenticate': 'Bearer' } },
      )
    const response = await fetch(input, init)
    if (!/\/pets\/\d+$/.test(new URL(input).pathname) || response.status !== 200) return response
    const pet = (await response.json()) as { name: string }
    return Response.json({ ...pet, name: `${pet.name}!` }, { status: 200 })
  }
}

const faultyOnly = ['get_matches_list', 'lowercase_bearer', 'list_bare_array', 'create_echo', 'status_filter']
/** The selected checks that write, each skipped by the read-only run: from the registry, however many kinds have it. */
const writers = selectScenarios(faultyOnly)
  .flatMap((group) => group.scenarios)
  .filter((scenario) => scenario.writes).length

async function faultyRun(strict: boolean): Promise<RunResult> {
  const mock = await createPetStoreMock()
  return runContract({
    targetName: 'faulty',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: faultyFetch(mock.fetch),
    readOnly: true,
    strict,
    only: faultyOnly,
  })
}

it('states the same counts in the console, JSON, JUnit and HTML reports of a run with every outcome', async () => {
  expect(expectAllEqual(await statedByEveryReport(runResultFixture()))).toEqual({
    tests: 6,
    passed: 3,
    failed: 1,
    errors: 1,
    skipped: 1,
    violations: 2,
    deviations: 1,
  })
})

it('counts failing test cases, not failed checks, alike in every report when one test case fails many', async () => {
  const counts = expectAllEqual(await statedByEveryReport(await faultyRun(false)))
  // Several pets read back renamed: one failing test case holding a violation for each of them.
  expect(writers).toBeGreaterThan(0)
  expect(counts).toMatchObject({ failed: 1, errors: 0, skipped: writers })
  expect(counts.violations).toBeGreaterThan(1)
  expect(counts.deviations).toBeGreaterThan(0)
})

it('counts the deviations that --strict fails the same way in every report', async () => {
  const lenient = expectAllEqual(await statedByEveryReport(await faultyRun(false)))
  const strict = expectAllEqual(await statedByEveryReport(await faultyRun(true)))
  expect(strict).toEqual({ ...lenient, passed: lenient.passed - 1, failed: lenient.failed + 1 })
})
