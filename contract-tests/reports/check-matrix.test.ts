import { expect, it } from 'vitest'
import { checkMatrix } from './check-matrix.ts'
import { exchangeFixture, runResultFixture, scenarioFixture } from './run-result-fixture.test-support.ts'

it('counts each response a registry check judged under the operation of that response', () => {
  const result = runResultFixture()
  result.scenarios = [scenarioFixture({ exchanges: [exchangeFixture(), exchangeFixture({ operationId: 'getPet' })] })]
  const row = checkMatrix(result).rows.find(({ check }) => check === 'no_server_error')!
  // The setup's response counts too: it is a response of the target like any other.
  expect(row.cells.get('listPets')).toMatchObject({ passed: 2, failed: 0 })
  expect(row.cells.get('getPet')).toMatchObject({ passed: 1 })
  expect(row.counts).toBe('responses')
})

it('judges a scenario check by its own assertions, not by a registry check that failed on the same response', () => {
  const result = runResultFixture()
  result.scenarios = [
    scenarioFixture({
      outcome: 'failed',
      assertions: [{ check: 'list_bare_array', outcome: 'passed', message: 'an array' }],
      exchanges: [
        exchangeFixture({ results: [{ check: 'json_content_type', outcome: 'failed', message: 'not JSON' }] }),
      ],
    }),
  ]
  const { rows } = checkMatrix(result)
  expect(rows.find(({ check }) => check === 'list_bare_array')!.cells.get('listPets')).toMatchObject({
    passed: 1,
    failed: 0,
  })
  expect(rows.find(({ check }) => check === 'json_content_type')!.cells.get('listPets')).toMatchObject({ failed: 1 })
})

it('gives the setup no row of its own', () => {
  expect(checkMatrix(runResultFixture()).rows.map(({ check }) => check)).not.toContain('suite_setup')
})

it('counts a skipped or errored scenario under its own check only', () => {
  const matrix = checkMatrix(runResultFixture())
  expect(matrix.rows.find(({ check }) => check === 'create_echo')!.cells.get('createPet')).toMatchObject({
    skipped: 1,
    passed: 0,
  })
  expect(matrix.rows.find(({ check }) => check === 'message_queued')!.cells.get('sendMessage')).toMatchObject({
    error: 1,
    passed: 0,
  })
})
