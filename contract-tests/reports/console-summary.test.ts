import { expect, it } from 'vitest'
import { selectScenarios } from '../run/select-scenarios.ts'
import { countFindings, type RunResult } from '../shared/run-result.ts'
import { consoleSummary } from './console-summary.ts'
import { scenarioFixture } from './run-result-fixture.test-support.ts'

/** Every check name a run can list, longest first: the summary must keep its columns for the longest. */
const checkNames = [
  ...new Set(selectScenarios([]).flatMap((group) => group.scenarios.map((scenario) => scenario.check))),
].sort((a, b) => b.length - a.length || a.localeCompare(b))
const longest = checkNames[0] as string

/** A read-only run over the longest check name, a long one, a short one and the setup; createPet never called. */
function readOnlyRun(): RunResult {
  const passed = (check: string, count = 1) =>
    Array.from({ length: count }, (_, index) => scenarioFixture({ check, title: `${check} ${index}` }))
  const result: RunResult = {
    target: {
      name: 'staging',
      baseUrl: 'https://staging.petstore.test/v1',
      messagesBaseUrl: 'https://staging.petstore.test',
      readOnly: true,
    },
    startedAt: '2025-03-04T05:06:07.000Z',
    durationMs: 4_321,
    setup: scenarioFixture({ check: 'suite_setup', title: 'suite setup' }),
    scenarios: [
      ...passed(longest, 2),
      ...passed('unsupported_media_type_rejected', 2),
      ...passed('auth_required', 12),
      scenarioFixture({
        check: 'create_echo',
        title: 'createPet answers 201 with the pet it was sent',
        operationId: 'createPet',
        writes: true,
        outcome: 'skipped',
        reason: 'Read-only run: this scenario sends POST requests.',
      }),
    ],
    unsafeRequestsSent: 0,
    strict: false,
    findings: { violations: 0, deviations: 0 },
    refusedRequests: 0,
    exitCode: 0,
    coverage: {
      operations: [
        {
          operationId: 'listPets',
          requests: 30,
          statuses: [
            { status: '200', seen: true },
            { status: '401', seen: true },
          ],
          parameters: [
            { name: 'limit', seen: true },
            { name: 'status', seen: false },
          ],
        },
        {
          operationId: 'createPet',
          requests: 0,
          statuses: [
            { status: '201', seen: false },
            { status: '400', seen: false },
            { status: '401', seen: false },
          ],
          parameters: [],
        },
      ],
      ratio: 5 / 9,
      covered: 5,
      total: 9,
    },
  }
  return { ...result, findings: countFindings(result.setup, result.scenarios) }
}

it('keeps its columns for the longest check name a run can list', () => {
  const summary = consoleSummary(readOnlyRun())
  // The table of checks: the block after the first line.
  const rows = (summary.split('\n\n')[1] ?? '').split('\n')
  expect(rows).toHaveLength(5)
  // Every count starts in the same column, two spaces at least after the longest name.
  const columns = rows.map((row) => row.search(/\d+ (passed|failed|skipped|error)/))
  expect(new Set(columns).size).toBe(1)
  expect(rows.find((row) => row.includes(longest))).toMatch(new RegExp(`${longest} {2,}\\d`))
  expect(rows.join('\n')).toMatchInlineSnapshot(`
    "  ✓ suite_setup                       1 passed
      ✓ connection_carries_no_credential  2 passed
      ✓ unsupported_media_type_rejected   2 passed
      ✓ auth_required                     12 passed
      - create_echo                       1 skipped"
  `)
})

it('names an operation a run never called in words on its coverage line, not as a bare item', () => {
  const coverage = consoleSummary(readOnlyRun())
    .split('\n')
    .find((line) => line.startsWith('Coverage: '))
  expect(coverage).toBe(
    'Coverage: 55.5% (5 of 9 operations, promised statuses and parameters exercised); not exercised: ' +
      'listPets parameter status, createPet (never called: 201, 400, 401)',
  )
})
