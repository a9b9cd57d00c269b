import { afterEach, expect, it, vi } from 'vitest'
import { junitReport } from './junit-report.ts'
import { redactedKey } from './redact.ts'
import { runResultFixture, scenarioFixture } from './run-result-fixture.test-support.ts'

const forbidden = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u
const badReference = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/

// Enough of an XML parser to catch what a report writer gets wrong: a stray `<` or `&`, an
// unquoted or unclosed attribute, a forbidden character, tags that do not nest.
function expectWellFormed(xml: string): void {
  expect(xml).not.toMatch(forbidden)
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '')
  const token = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y
  const stack: Array<string> = []
  let roots = 0
  while (token.lastIndex < body.length) {
    const at = token.lastIndex
    const match = token.exec(body)
    if (!match) throw new Error(`Not well-formed at ${at}: ${body.slice(at, at + 80)}`)
    const [, closing, name, attributes, selfClosing, text] = match
    if (text !== undefined) {
      expect(text).not.toMatch(badReference)
      if (stack.length === 0) expect(text.trim()).toBe('')
      continue
    }
    expect(attributes ?? '').not.toMatch(badReference)
    if (stack.length === 0 && !closing) roots += 1
    if (closing) expect(stack.pop()).toBe(name)
    else if (!selfClosing) stack.push(name!)
  }
  expect(stack).toEqual([])
  expect(roots).toBe(1)
}

const attributesOf = (xml: string, element: string, name: string): Record<string, string> => {
  const match = new RegExp(`<${element} name="${name}"([^>]*)>`).exec(xml)
  if (!match) throw new Error(`No <${element} name="${name}">`)
  return Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]))
}

const testcase = (xml: string, title: string): string => {
  const start = xml.indexOf(`<testcase name="${title}"`)
  if (start === -1) throw new Error(`No testcase ${title}`)
  const startTagEnd = xml.indexOf('>', start) + 1
  if (xml[startTagEnd - 2] === '/') return xml.slice(start, startTagEnd)
  return xml.slice(start, xml.indexOf('</testcase>', start) + '</testcase>'.length)
}

afterEach(() => {
  vi.unstubAllEnvs()
})

it('counts tests, failures, errors and skipped for the whole run, the setup included', () => {
  const root = /<testsuites([^>]*)>/.exec(junitReport(runResultFixture()))![1]!
  expect(root).toContain('tests="6"')
  expect(root).toContain('failures="1"')
  expect(root).toContain('errors="1"')
  expect(root).toContain('skipped="1"')
  expect(root).toContain('time="1.234"')
})

it('writes the setup as its own suite, then a suite per operation with its own counts', () => {
  const xml = junitReport(runResultFixture())
  expect([...xml.matchAll(/<testsuite name="([^"]+)"/g)].map(([, name]) => name)).toEqual([
    'setup',
    'listPets',
    'createPet',
    'sendMessage',
  ])
  expect(attributesOf(xml, 'testsuite', 'listPets')).toMatchObject({
    tests: '3',
    failures: '1',
    errors: '0',
    skipped: '0',
    time: '0.036',
  })
  expect(attributesOf(xml, 'testsuite', 'createPet')).toMatchObject({ tests: '1', skipped: '1' })
  expect(testcase(xml, 'suite setup: list the pets the target holds')).toContain(
    'classname="contract.setup" time="0.020"',
  )
})

it('records the target and its counters as properties of the run', () => {
  const xml = junitReport(runResultFixture())
  expect(xml).toContain('<property name="baseUrl" value="http://petstore.test/v1"/>')
  expect(xml).toContain('<property name="exitCode" value="2"/>')
  expect(xml).toContain('<property name="unsafeRequestsSent" value="3"/>')
})

it('lists every failed check with expected, received and a curl line that reproduces it', () => {
  const failed = testcase(junitReport(runResultFixture()), 'listPets answers 400 with an Error to limit=&quot;0&quot;')
  const message = [
    'invalid_limit_rejected: limit=&quot;0&quot; is refused: got 200 [^"]*',
    'json_content_type: The body is not sent as JSON\\.',
  ].join('; ')
  expect(failed).toMatch(new RegExp(`<failure message="${message}" type="invalid_limit_rejected">`))
  expect(failed).toContain('[invalid_limit_rejected] limit=&quot;0&quot; is refused')
  expect(failed).toContain('  expected: 400\n  received: 200\n  response: HTTP 200\n')
  expect(failed).toContain(
    '[json_content_type] The body is not sent as JSON.\n  expected: application/json\n  received: text/html\n',
  )
  expect(failed.match(/reproduce: curl -sS -i &#39;http:\/\/petstore.test\/v1\/pets\?limit=0&#39;/g)).toHaveLength(2)
})

it('names a check that failed the same way many times once in the failure message', () => {
  const result = runResultFixture()
  const failure = {
    check: 'response_schema_conformance',
    outcome: 'failed' as const,
    message: 'categoryId is a string.',
  }
  result.scenarios = [scenarioFixture({ outcome: 'failed', assertions: [failure, failure, failure] })]
  expect(junitReport(result)).toContain('<failure message="response_schema_conformance: categoryId is a string. (×3)"')
})

it('writes a skipped scenario with its reason', () => {
  expect(testcase(junitReport(runResultFixture()), 'createPet answers 201 with the pet it was sent')).toContain(
    '<skipped message="Read-only run: this scenario sends POST requests."/>',
  )
})

it('writes a target error as an error, with the request that went wrong', () => {
  const errored = testcase(junitReport(runResultFixture()), 'sendMessage answers 2xx with the message echoed')
  expect(errored).toContain(
    '<error message="Failed to reach the target (POST http://petstore.test/messages): connect ECONNREFUSED." ' +
      'type="target_error">',
  )
  expect(errored).toContain('last request: curl -sS -i -X POST &#39;http://petstore.test/messages&#39;')
  expect(errored).not.toContain('<failure')
})

it('puts deviations in system-out with their citation and leaves the scenario passed', () => {
  const warned = testcase(
    junitReport(runResultFixture()),
    'listPets with a lower-case &quot;bearer&quot; scheme (either answer is allowed)',
  )
  expect(warned).toContain(
    '<system-out>deviation [lowercase_bearer] A lower-case &quot;bearer&quot; scheme is refused.' +
      '\n  expected: either answer\n  received: 401',
  )
  expect(warned).toContain(
    '\n  deviation from the spec&#39;s choice (x-mock-behaviour): ' +
      'The bearer scheme is matched in any case.</system-out>',
  )
  expect(warned).not.toMatch(/<failure|<error|<skipped/)
})

it('writes a passed scenario as an empty testcase', () => {
  expect(
    testcase(junitReport(runResultFixture()), 'listPets?status=sold returns only sold pets, filtered before the limit'),
  ).toMatch(/time="0\.012"\/>$/)
})

it('is well-formed XML', () => {
  expectWellFormed(junitReport(runResultFixture()))
})

it('escapes the five special characters in attributes and in text', () => {
  const result = runResultFixture()
  const text = `a & b < c > d "e" 'f'`
  result.scenarios = [
    scenarioFixture({ title: text, outcome: 'failed', assertions: [{ check: 'x', outcome: 'failed', message: text }] }),
  ]
  const xml = junitReport(result)
  const escaped = 'a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;'
  expect(xml).toContain(`<testcase name="${escaped}"`)
  expect(xml).toContain(`<failure message="x: ${escaped}"`)
  expect(xml).toContain(`>[x] ${escaped}\n  violation</failure>`)
  expectWellFormed(xml)
})

it('keeps line breaks in attribute values as character references', () => {
  const result = runResultFixture()
  result.scenarios = [scenarioFixture({ outcome: 'skipped', reason: 'first line\nsecond line\tend' })]
  expect(junitReport(result)).toContain('<skipped message="first line&#10;second line&#9;end"/>')
})

it('writes characters XML 1.0 forbids as visible escapes, so a strict parser still reads the file', () => {
  const result = runResultFixture()
  const body = 'colour \u001b[31mred\u001b[0m, nul \u0000, bell \u0007, lone \ud800, not a character \uffff, emoji 🐕'
  result.scenarios = [
    scenarioFixture({
      title: `title \u0008`,
      outcome: 'failed',
      assertions: [{ check: 'x', outcome: 'failed', message: 'bad body', received: body }],
    }),
  ]
  const xml = junitReport(result)
  expectWellFormed(xml)
  expect(xml).toContain(
    'received: colour \\u001B[31mred\\u001B[0m, nul \\u0000, bell \\u0007, ' +
      'lone \\uD800, not a character \\uFFFF, emoji 🐕',
  )
  expect(xml).toContain('<testcase name="title \\u0008"')
})

it('prints a redacted key as the placeholder it was given and never reads the real one', () => {
  vi.stubEnv('PETSTORE_API_KEY', 'real-secret-0451')
  const xml = junitReport(runResultFixture())
  expect(xml).toContain(`-H &quot;authorization: Bearer ${redactedKey}&quot;`)
  expect(xml).not.toContain('real-secret-0451')
})

it('keeps a scenario that skipped itself after failed checks skipped, with the failures in system-out', () => {
  const result = runResultFixture()
  const failure = {
    check: 'create_unique_id',
    outcome: 'failed' as const,
    message: 'the 201 body is a Pet',
    received: '{"id":"7"}',
  }
  result.scenarios = [
    scenarioFixture({
      title: 'ids are unique',
      outcome: 'skipped',
      reason: 'Fewer than two pets.',
      assertions: [failure],
    }),
  ]
  const skipped = testcase(junitReport(result), 'ids are unique')
  expect(skipped).toContain('<skipped message="Fewer than two pets."/>')
  expect(skipped).toContain(
    '<system-out>failed [create_unique_id] the 201 body is a Pet' +
      '\n  received: {&quot;id&quot;:&quot;7&quot;}\n  violation</system-out>',
  )
})
