import { afterEach, expect, it, vi } from 'vitest'
import { responseChecks } from '../checks/registry.ts'
import { htmlReport } from './html-report.ts'
import { redactedKey } from './redact.ts'
import { exchangeFixture, hostileBody, runResultFixture, scenarioFixture } from './run-result-fixture.test-support.ts'

// What a reader sees, near enough: tags dropped, the five entities decoded, spaces collapsed.
const textOf = (markup: string): string =>
  markup
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

const cellOutcome = (page: string, check: string, operation: string): string | undefined =>
  new RegExp(`<td class="cell-([a-z]+)" data-check="${check}" data-operation="${operation}"`).exec(page)?.[1]

const section = (page: string, id: string): string => {
  const start = page.indexOf(`<section id="${id}">`)
  if (start === -1) throw new Error(`No section ${id}`)
  return page.slice(start, page.indexOf('</section>', start))
}

afterEach(() => {
  vi.unstubAllEnvs()
})

it('shows the verdict, the exit code and the target error in the header', () => {
  const header = textOf(htmlReport(runResultFixture()).split('</header>')[0]!)
  expect(header).toContain('Target could not be judged Pet Store contract · staging exit code 2')
  expect(header).toContain(
    'The target could not be judged: ' +
      'Failed to reach the target (POST http://petstore.test/messages): connect ECONNREFUSED.',
  )
  expect(header).toContain('Pets API http://petstore.test/v1 Messages API http://petstore.test Mode Read-write')
  expect(header).toContain('Started 2025-03-04 05:06:07 UTC Duration 1.2 s')
})

it('calls a run without failures conformant and one with failures a contract violation', () => {
  const result = runResultFixture()
  result.scenarios = [scenarioFixture()]
  expect(textOf(htmlReport({ ...result, exitCode: 0, targetError: undefined }))).toContain(
    'Conformant Pet Store contract · staging exit code 0',
  )
  expect(textOf(htmlReport({ ...result, exitCode: 1, targetError: undefined }))).toContain(
    'Contract violations Pet Store contract · staging exit code 1',
  )
})

it('counts test cases by outcome (the setup included), findings by level, unsafe and refused requests', () => {
  const header = textOf(
    htmlReport({
      ...runResultFixture(),
      target: { ...runResultFixture().target, readOnly: true },
      refusedRequests: 2,
    }).split('</header>')[0]!,
  )
  expect(header).toContain(
    '6 test cases 3 passed 1 failed 1 could not be judged 1 skipped ' +
      '2 violations 1 deviation 3 unsafe requests sent 2 requests refused',
  )
  expect(header).toContain('Mode Read-only')
})

it('lists every registry check as a row, with its description, before the scenario checks', () => {
  const page = htmlReport(runResultFixture())
  const rows = [...section(page, 'matrix').matchAll(/<tr><th scope="row"[^>]*><code>([^<]+)<\/code>/g)].map(
    ([, check]) => check,
  )
  expect(rows).toEqual([
    ...responseChecks.map(({ name }) => name),
    'status_filter',
    'status_filter_before_limit',
    'invalid_limit_rejected',
    'create_echo',
    'lowercase_bearer',
    'message_queued',
  ])
  expect(page).toContain(`<th scope="row" title="${responseChecks[0]!.description}">`)
})

it('has a column per operation the run met, in the order of the spec', () => {
  const head = /<thead>([\s\S]*?)<\/thead>/.exec(htmlReport(runResultFixture()))![1]!
  expect([...head.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map(([, name]) => name)).toEqual([
    'Check',
    'listPets',
    'createPet',
    'sendMessage',
  ])
})

it('marks a failed check red on its operation, and links the cell to the failure', () => {
  const page = htmlReport(runResultFixture())
  expect(cellOutcome(page, 'invalid_limit_rejected', 'listPets')).toBe('failed')
  expect(cellOutcome(page, 'json_content_type', 'listPets')).toBe('failed')
  const cell =
    /<td class="cell-failed" data-check="json_content_type" data-operation="listPets"[^>]*><a href="#([\w-]+)">/.exec(
      page,
    )
  expect(page).toContain(`<div class="finding failed" id="${cell![1]}">`)
})

it('marks a warning amber, a skip grey, a target error apart, and what held green', () => {
  const page = htmlReport(runResultFixture())
  expect(cellOutcome(page, 'lowercase_bearer', 'listPets')).toBe('warning')
  expect(cellOutcome(page, 'create_echo', 'createPet')).toBe('skipped')
  expect(cellOutcome(page, 'message_queued', 'sendMessage')).toBe('error')
  expect(cellOutcome(page, 'status_filter_before_limit', 'listPets')).toBe('passed')
  expect(cellOutcome(page, 'deprecation_headers', 'listPets')).toBe('none')
})

it('shows every count of a cell, the failures first', () => {
  expect(
    textOf(
      htmlReport(runResultFixture()).match(/<td class="cell-failed" data-check="json_content_type"[\s\S]*?<\/td>/)![0],
    ),
  ).toBe(' ✗ 1 ✓ 3 ')
})

it('opens every failure with what was received, what was expected and a curl line', () => {
  const failures = section(htmlReport(runResultFixture()), 'failures')
  expect(failures).toContain('<details open class="card failed"')
  expect(failures).toContain('<details open class="card error"')
  const text = textOf(failures)
  expect(text).toContain('listPets answers 400 with an Error to limit="0"')
  expect(text).toContain(
    'invalid_limit_rejected limit="0" is refused: got 200 (GET http://petstore.test/v1/pets?limit=0) ' +
      'violation of the interface: limit | integer | no | minimum 1, maximum 100. Received 200 Expected 400',
  )
  expect(text).toContain(
    'json_content_type The body is not sent as JSON. violation Received text/html Expected application/json',
  )
  expect(text).toContain(
    `Reproduce curl -sS -i 'http://petstore.test/v1/pets?limit=0' -H 'accept: application/json' ` +
      `-H "authorization: Bearer ${redactedKey}"`,
  )
  expect(text).toContain('Response headers content-type: text/html Response body <script>alert(1)</script>')
  expect(text).toContain('The target could not be judged: Failed to reach the target')
})

it('renders a hostile body as text, never as markup', () => {
  const page = htmlReport(runResultFixture())
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(page).not.toContain(hostileBody)
  expect(page).not.toMatch(/<script/i)
})

it('escapes every value it prints, attributes included', () => {
  const result = runResultFixture()
  result.target.name = `"><img src=x onerror=alert(1)>`
  result.scenarios[1]!.assertions[0]!.check = `"onmouseover="alert(1)`
  const page = htmlReport(result)
  expect(page).not.toMatch(/<img/i)
  expect(page).not.toContain('"onmouseover="')
  expect(page).toContain('data-check="&quot;onmouseover=&quot;alert(1)"')
})

it('loads nothing from the network and runs no script', () => {
  const page = htmlReport(runResultFixture())
  expect(page).not.toMatch(/<(script|link|iframe|img|object|embed)\b/i)
  expect(page).not.toMatch(/@import|url\(/i)
  for (const [, target] of page.matchAll(/\b(?:src|href|action)\s*=\s*"([^"]*)"/gi)) expect(target).toMatch(/^#/)
  expect(page).toContain(
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
  )
})

it('lists skipped scenarios with their reason', () => {
  expect(textOf(section(htmlReport(runResultFixture()), 'skipped'))).toContain(
    'createPet answers 201 with the pet it was sent createPet create_echo ' +
      'Read-only run: this scenario sends POST requests.',
  )
})

it('lists deviations with the spec choice they differ from and what was received', () => {
  expect(textOf(section(htmlReport(runResultFixture()), 'warnings'))).toContain(
    'lowercase_bearer A lower-case "bearer" scheme is refused. ' +
      "deviation from the spec's choice ( x-mock-behaviour ): The bearer scheme is matched in any case. " +
      'Received 401 Expected either answer',
  )
})

it('lists every scenario, the setup first, folded', () => {
  const list = section(htmlReport(runResultFixture()), 'scenarios')
  expect(
    [
      ...list.matchAll(
        /<details class="card (\w+)"><summary><span class="pill \w+">\w+<\/span><span class="title">([^<]+)/g,
      ),
    ].map(([, tone, title]) => `${tone}: ${title}`),
  ).toEqual([
    'passed: suite setup: list the pets the target holds',
    'passed: listPets?status=sold returns only sold pets, filtered before the limit',
    'failed: listPets answers 400 with an Error to limit=&quot;0&quot;',
    'skipped: createPet answers 201 with the pet it was sent',
    'warning: listPets with a lower-case &quot;bearer&quot; scheme (either answer is allowed)',
    'error: sendMessage answers 2xx with the message echoed',
  ])
})

it('cuts a long body at 2,000 characters and says so', () => {
  const result = runResultFixture()
  const body = 'x'.repeat(5_000)
  result.scenarios[1]!.exchanges[0]!.response!.bodyText = body
  const page = htmlReport(result)
  expect(page).toContain(`<pre class="body">${'x'.repeat(2_000)}</pre>`)
  expect(page).not.toContain('x'.repeat(2_001))
  expect(page).toContain('First 2,000 of 5,000 characters.')
})

it('indents a JSON body only when indenting is all that changes', () => {
  const result = runResultFixture()
  const [exchange] = result.scenarios[1]!.exchanges
  exchange!.response!.bodyText = '{"id":1,"name":"Rex"}'
  expect(htmlReport(result)).toContain(
    '<pre class="body">{\n  &quot;id&quot;: 1,\n  &quot;name&quot;: &quot;Rex&quot;\n}</pre>',
  )
  exchange!.response!.bodyText = '{"id":12345678901234567890}'
  expect(htmlReport(result)).toContain('<pre class="body">{&quot;id&quot;:12345678901234567890}</pre>')
})

it('folds a failure repeated word for word under the first one', () => {
  const result = runResultFixture()
  const failure = {
    check: 'response_schema_conformance',
    outcome: 'failed' as const,
    message: 'categoryId is a string.',
  }
  const exchanges = [1, 2, 3].map((id) =>
    exchangeFixture({
      operationId: 'createPet',
      request: { method: 'POST', url: 'http://petstore.test/v1/pets', headers: {}, body: `{"n":${id}}` },
      results: [failure],
    }),
  )
  result.setup = scenarioFixture({ check: 'suite_setup', title: 'suite setup', outcome: 'failed', exchanges })
  const failures = section(htmlReport(result), 'failures')
  expect(textOf(failures)).toContain('2 more responses failed the same way (response_schema_conformance)')
  expect(failures).toMatch(/<details class="repeats">[\s\S]*\{&quot;n&quot;:2\}[\s\S]*\{&quot;n&quot;:3\}/)
})

it('prints a redacted key as the placeholder it was given and never reads the real one', () => {
  vi.stubEnv('PETSTORE_API_KEY', 'real-secret-0451')
  const page = htmlReport(runResultFixture())
  expect(page).toContain(`-H &quot;authorization: Bearer ${redactedKey}&quot;`)
  expect(page).not.toContain('real-secret-0451')
})

it('shows the failed checks of a scenario that skipped itself after them', () => {
  const result = runResultFixture()
  const failure = {
    check: 'create_unique_id',
    outcome: 'failed' as const,
    message: 'the 201 body is a Pet',
    received: '{"id":"7"}',
  }
  result.scenarios = [
    scenarioFixture({
      check: 'create_unique_id',
      operationId: 'createPet',
      outcome: 'skipped',
      reason: 'Fewer than two pets could be created.',
      assertions: [failure],
    }),
  ]
  const failures = section(htmlReport(result), 'failures')
  expect(failures).toContain('<details open class="card failed"')
  expect(textOf(failures)).toContain(
    'Skipped after these checks failed: Fewer than two pets could be created. ' +
      'create_unique_id the 201 body is a Pet violation Received {"id":"7"}',
  )
})
