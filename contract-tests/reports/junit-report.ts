import { resourceList } from '../../spec/resources.ts'
import type { CheckResult, Exchange } from '../shared/exchange.ts'
import type { RunResult } from '../shared/run-result.ts'
import { failuresOf, type ScenarioResult, warningsOf } from '../shared/scenario-result.ts'
import { budgetNote } from './budget-note.ts'
import { citation } from './citation.ts'
import { curlCommand } from './curl-command.ts'
import { escapeMarkup } from './escape-markup.ts'
import { exchangeOf } from './exchange-of.ts'
import { type OutcomeCounts, outcomeCounts, type ReportCounts, reportCounts } from './report-counts.ts'

// Jenkins and GitLab show the failure message on one line; a cap keeps a scenario with many
// failed checks from drowning the list. The body below it has every check in full.
const messageCap = 1_000

// Parsers fold newlines and tabs in attribute values into spaces; character references keep them.
const attribute = (text: string): string =>
  escapeMarkup(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;')
const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${attribute(String(value))}"`)
    .join('')
const seconds = (ms: number): string => (ms / 1000).toFixed(3)
const cap = (text: string): string => (text.length > messageCap ? `${text.slice(0, messageCap)}…` : text)

function describeCheck(item: { result: CheckResult; exchange?: Exchange }, scenario: ScenarioResult): string {
  const { check, message, expected, received } = item.result
  const exchange = exchangeOf(item, scenario)
  const lines = [`[${check}] ${message}`]
  if (expected !== undefined) lines.push(`  expected: ${expected}`)
  if (received !== undefined) lines.push(`  received: ${received}`)
  if (exchange?.response) lines.push(`  response: HTTP ${exchange.response.status}`)
  if (exchange?.transportError) lines.push(`  no answer: ${exchange.transportError}`)
  if (exchange) lines.push(`  reproduce: ${curlCommand(exchange.request)}`)
  lines.push(`  ${citation(item.result)}`)
  return lines.join('\n')
}

// One line for the list view: a check that failed the same way on 24 responses is named once.
function summary(lines: ReadonlyArray<string>): string {
  const counts = new Map<string, number>()
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1)
  return [...counts].map(([line, count]) => (count > 1 ? `${line} (×${count})` : line)).join('; ')
}

function verdict(scenario: ScenarioResult): string {
  const failures = failuresOf(scenario)
  if (scenario.outcome === 'skipped') return `    <skipped${attributes({ message: scenario.reason ?? 'Skipped.' })}/>\n`
  if (scenario.outcome === 'error') {
    // The request that went wrong is the last one sent; a CI reader wants it to retry by hand.
    const last = scenario.exchanges.at(-1)
    const body = [
      `The target could not be judged: ${scenario.reason ?? 'no reason given'}`,
      ...failures.map((item) => describeCheck(item, scenario)),
      ...(last ? [`last request: ${curlCommand(last.request)}`] : []),
    ].join('\n\n')
    const message = cap(scenario.reason ?? 'The target could not be judged.')
    return `    <error${attributes({ message, type: 'target_error' })}>${escapeMarkup(body)}</error>\n`
  }
  if (scenario.outcome !== 'failed') return ''
  const message =
    failures.length > 0
      ? summary(failures.map(({ result }) => `${result.check}: ${result.message}`))
      : 'The scenario failed.'
  const body = failures.map((item) => describeCheck(item, scenario)).join('\n\n')
  const type = failures[0]?.result.check ?? scenario.check
  return `    <failure${attributes({ message: cap(message), type })}>${escapeMarkup(body)}</failure>\n`
}

function testcase(scenario: ScenarioResult, classname: string): string {
  // A scenario that records failed checks and then skips itself stays skipped; what failed still shows.
  const unreported =
    scenario.outcome === 'skipped' ? failuresOf(scenario).map((item) => `failed ${describeCheck(item, scenario)}`) : []
  const budget = scenario.budgetReached ? ['time budget reached: this check judged fewer examples than asked'] : []
  const notes = [
    ...budget,
    ...unreported,
    ...warningsOf(scenario).map((item) => `deviation ${describeCheck(item, scenario)}`),
  ]
  const out = notes.length > 0 ? `    <system-out>${escapeMarkup(notes.join('\n\n'))}</system-out>\n` : ''
  const head = `  <testcase${attributes({ name: scenario.title, classname, time: seconds(scenario.durationMs) })}`
  const inner = verdict(scenario) + out
  return inner === '' ? `${head}/>\n` : `${head}>\n${inner}  </testcase>\n`
}

// JUnit's names for the counts every report shares.
const junitCounts = ({ tests, failed, errors, skipped }: OutcomeCounts): Record<string, number> => ({
  tests,
  failures: failed,
  errors,
  skipped,
})

function testsuite(name: string, scenarios: ReadonlyArray<ScenarioResult>, result: RunResult, properties = ''): string {
  const time = seconds(scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0))
  const cases = scenarios.map((scenario) => testcase(scenario, `contract.${name}`)).join('')
  const suite = attributes({ name, ...junitCounts(outcomeCounts(scenarios)), time, timestamp: result.startedAt })
  return ` <testsuite${suite}>\n${properties}${cases} </testsuite>\n`
}

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

function properties(result: RunResult, counts: ReportCounts): string {
  const values: Record<string, string | number> = {
    target: result.target.name,
    baseUrl: result.target.baseUrl,
    messagesBaseUrl: result.target.messagesBaseUrl,
    readOnly: String(result.target.readOnly),
    exitCode: result.exitCode,
    ...(result.traffic
      ? {
          requestsForwarded: result.traffic.exchanges,
          exchangesJudged: result.traffic.judged,
          forwardedForNoOperation: result.traffic.unrouted,
          answeredByTheProxy: result.traffic.refused,
        }
      : { unsafeRequestsSent: result.unsafeRequestsSent, refusedRequests: result.refusedRequests }),
    strict: String(result.strict),
    violations: counts.violations,
    deviations: counts.deviations,
    ...(result.targetError === undefined ? {} : { targetError: result.targetError }),
    ...(budgetNote(result) === undefined ? {} : { timeBudgetReached: budgetNote(result) as string }),
    ...(result.created && {
      created: result.created.ids.length,
      // One count per kind of the spec, none created included: `createdPets`, `createdOwners`.
      ...Object.fromEntries(
        resourceList.map(({ plural }) => [
          `created${capitalized(plural)}`,
          result.created?.byKind?.[plural]?.length ?? 0,
        ]),
      ),
      runTag: result.created.runTag,
    }),
  }
  const lines = Object.entries(values).map(([name, value]) => `   <property${attributes({ name, value })}/>\n`)
  return `  <properties>\n${lines.join('')}  </properties>\n`
}

/**
 * A run as JUnit XML, as Jenkins and GitLab read it: a testsuite for the setup (with the run's
 * target and counters as properties), then one per operation, a testcase per scenario. A failure
 * lists every failed check with expected, received, its level and citation and a curl line;
 * deviations that did not fail the run go to system-out.
 * Prints only what it is given: the result must already be redacted.
 * @example await writeFile('reports/contract.xml', junitReport(redact(result, [apiKey])))
 */
export function junitReport(result: RunResult): string {
  const counts = reportCounts(result)
  const operations = [...new Set(result.scenarios.map((scenario) => scenario.operationId))]
  const suites = [
    testsuite(result.traffic ? 'traffic' : 'setup', [result.setup], result, properties(result, counts)),
    ...operations.map((operation) =>
      testsuite(
        operation,
        result.scenarios.filter((scenario) => scenario.operationId === operation),
        result,
      ),
    ),
  ]
  const root = attributes({
    name: `petstore contract: ${result.target.name}`,
    ...junitCounts(counts),
    time: seconds(result.durationMs),
    timestamp: result.startedAt,
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${root}>\n${suites.join('')}</testsuites>\n`
}
