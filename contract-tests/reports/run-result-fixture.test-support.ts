import type { CheckResult, Exchange } from '../shared/exchange.ts'
import { countFindings, type RunResult } from '../shared/run-result.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'
import { redactedKey } from './redact.ts'

/** What a hostile server might put in a body, for the report tests. */
export const hostileBody = '<script>alert(1)</script>'

const passedChecks = (...names: Array<string>): Array<CheckResult> =>
  names.map((check) => ({ check, outcome: 'passed', message: `${check} held.` }))

/**
 * A redacted GET exchange answered 200 with a JSON array, for the report tests.
 * @example exchangeFixture({ request: { method: 'GET', url: 'http://petstore.test/v1/pets?limit=0', headers: {} } })
 */
export function exchangeFixture(overrides: Partial<Exchange> = {}): Exchange {
  return {
    operationId: 'listPets',
    request: {
      method: 'GET',
      url: 'http://petstore.test/v1/pets',
      headers: { accept: 'application/json', authorization: `Bearer ${redactedKey}` },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyText: '[]',
      json: [],
      jsonParsed: true,
      truncated: false,
      durationMs: 4,
    },
    results: passedChecks(
      'no_server_error',
      'status_code_documented',
      'json_content_type',
      'response_schema_conformance',
    ),
    ...overrides,
  }
}

/**
 * A passed listPets scenario without exchanges, for the report tests.
 * @example scenarioFixture({ outcome: 'skipped', reason: 'Read-only run.' })
 */
export function scenarioFixture(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    check: 'list_bare_array',
    title: 'listPets answers 200 with a bare array of pets',
    operationId: 'listPets',
    writes: false,
    outcome: 'passed',
    assertions: [],
    exchanges: [],
    durationMs: 12,
    ...overrides,
  }
}

const limitZero = 'http://petstore.test/v1/pets?limit=0'

/**
 * A small run, already redacted, with one scenario of each kind: passed (with a second assertion
 * check), failed (an assertion and a registry check on a response with a hostile body), skipped,
 * passed with a warning, and a target error.
 * @example htmlReport(runResultFixture())
 */
export function runResultFixture(): RunResult {
  const failedExchange = exchangeFixture({
    request: {
      method: 'GET',
      url: limitZero,
      headers: { accept: 'application/json', authorization: `Bearer ${redactedKey}` },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'text/html' },
      bodyText: hostileBody,
      jsonParsed: false,
      truncated: false,
      durationMs: 3,
    },
    results: [
      ...passedChecks('no_server_error', 'status_code_documented'),
      {
        check: 'json_content_type',
        outcome: 'failed',
        message: 'The body is not sent as JSON.',
        expected: 'application/json',
        received: 'text/html',
      },
    ],
  })
  const result: RunResult = {
    target: {
      name: 'staging',
      baseUrl: 'http://petstore.test/v1',
      messagesBaseUrl: 'http://petstore.test',
      readOnly: false,
    },
    startedAt: '2025-03-04T05:06:07.000Z',
    durationMs: 1_234,
    setup: scenarioFixture({
      check: 'suite_setup',
      title: 'suite setup: list the pets the target holds',
      exchanges: [exchangeFixture()],
      durationMs: 20,
    }),
    scenarios: [
      scenarioFixture({
        check: 'status_filter',
        title: 'listPets?status=sold returns only sold pets, filtered before the limit',
        assertions: [
          { check: 'status_filter', outcome: 'passed', message: 'every pet is sold' },
          { check: 'status_filter_before_limit', outcome: 'passed', message: 'the filter applies before the limit' },
        ],
        exchanges: [
          exchangeFixture({ request: { method: 'GET', url: 'http://petstore.test/v1/pets?status=sold', headers: {} } }),
        ],
      }),
      scenarioFixture({
        check: 'invalid_limit_rejected',
        title: 'listPets answers 400 with an Error to limit="0"',
        outcome: 'failed',
        assertions: [
          {
            check: 'invalid_limit_rejected',
            outcome: 'failed',
            level: 'violation',
            basis: { source: 'interface', text: 'limit | integer | no | minimum 1, maximum 100.' },
            message: `limit="0" is refused: got 200 (GET ${limitZero})`,
            expected: '400',
            received: '200',
          },
        ],
        exchanges: [failedExchange],
      }),
      scenarioFixture({
        check: 'create_echo',
        title: 'createPet answers 201 with the pet it was sent',
        operationId: 'createPet',
        writes: true,
        outcome: 'skipped',
        reason: 'Read-only run: this scenario sends POST requests.',
        durationMs: 0,
      }),
      scenarioFixture({
        check: 'lowercase_bearer',
        title: 'listPets with a lower-case "bearer" scheme (either answer is allowed)',
        assertions: [
          {
            check: 'lowercase_bearer',
            outcome: 'warning',
            level: 'deviation',
            basis: { source: 'x-mock-behaviour', text: 'The bearer scheme is matched in any case.' },
            message: 'A lower-case "bearer" scheme is refused.',
            expected: 'either answer',
            received: '401',
          },
        ],
        exchanges: [exchangeFixture()],
      }),
      scenarioFixture({
        check: 'message_queued',
        title: 'sendMessage answers 2xx with the message echoed',
        operationId: 'sendMessage',
        writes: true,
        outcome: 'error',
        reason: 'Failed to reach the target (POST http://petstore.test/messages): connect ECONNREFUSED.',
        exchanges: [
          {
            operationId: 'sendMessage',
            request: {
              method: 'POST',
              url: 'http://petstore.test/messages',
              headers: { authorization: `Bearer ${redactedKey}` },
              body: '{"message":"hi"}',
            },
            results: [],
          },
        ],
      }),
    ],
    unsafeRequestsSent: 3,
    strict: false,
    findings: { violations: 0, deviations: 0 },
    refusedRequests: 0,
    exitCode: 2,
    targetError: 'Failed to reach the target (POST http://petstore.test/messages): connect ECONNREFUSED.',
  }
  return { ...result, findings: countFindings(result.setup, result.scenarios) }
}
