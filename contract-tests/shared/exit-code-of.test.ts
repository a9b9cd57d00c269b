import { expect, it } from 'vitest'
import { exitCodeOf } from './run-result.ts'
import type { ScenarioResult } from './scenario-result.ts'

const result = (outcome: ScenarioResult['outcome'], reason?: string): ScenarioResult => ({
  check: 'c',
  title: 't',
  operationId: 'listPets',
  writes: false,
  outcome,
  reason,
  assertions: [],
  exchanges: [],
  durationMs: 0,
})
const passed = (count: number) => Array.from({ length: count }, () => result('passed'))
const noAnswer = (count: number) => Array.from({ length: count }, () => result('error', 'No answer to GET u.'))

it('gives no verdict when the setup could not be judged, or the target stopped answering', () => {
  expect(exitCodeOf(result('error', 'unreachable'), passed(3))).toEqual({ exitCode: 2, targetError: 'unreachable' })
  expect(exitCodeOf(result('passed'), [result('failed')], 'stopped')).toEqual({ exitCode: 2, targetError: 'stopped' })
})

it('passes a conformant target with one check not judged, and says so', () => {
  const verdict = exitCodeOf(result('passed'), [...passed(3), ...noAnswer(1)])
  expect(verdict).toEqual({
    exitCode: 0,
    verdictNote:
      '1 of 5 checks could not be judged (a verdict stands with one, or up to 10%, not judged); ' +
      'the first: No answer to GET u.',
  })
})

it('gives no verdict when more than one check, and more than 10% of those that ran, could not be judged', () => {
  expect(exitCodeOf(result('passed'), [...passed(20), ...noAnswer(2)]).exitCode).toBe(0)
  const barely = exitCodeOf(result('passed'), [...passed(20), ...noAnswer(3), result('skipped')])
  expect(barely.exitCode).toBe(2)
  expect(barely.targetError).toMatch(/^Too little was judged: 3 of 24 checks could not be judged, more than 10%/)
})

it('fails a target with a violation, whatever else could not be judged', () => {
  const verdict = exitCodeOf(result('passed'), [result('failed'), ...noAnswer(5)])
  expect(verdict.exitCode).toBe(1)
  expect(verdict.verdictNote).toMatch(/^5 of 7 checks could not be judged; the first/)
})
