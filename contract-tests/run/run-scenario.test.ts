import { expect, it } from 'vitest'
import { TransportFailure } from '../client/transport-failure.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import type { SuiteData } from '../shared/suite-data.ts'
import type { RecordingClient } from './recording-client.ts'
import { runScenario, type Session } from './run-scenario.ts'

const reset = () =>
  new TransportFailure('closed', { method: 'POST', url: 'http://127.0.0.1:1/v1/pets', bodyBytes: 20 }, 'ECONNRESET', 1)

/** A session whose client answers each call with the next of `answers`: an exchange, or a reset. */
function sessionAnswering(answers: Array<'answer' | 'reset'>): Session & { calls: () => number } {
  let calls = 0
  const client = {
    readOnly: false,
    call: async () => {
      const answer = answers[calls++]
      if (answer === 'reset') throw reset()
      return { results: [] } as unknown as Exchange
    },
  }
  return { client: client as unknown as RecordingClient, data: {} as SuiteData, calls: () => calls }
}

const scenario = (run: Scenario['run']): Scenario => ({
  check: 'create_echo',
  title: 'createPet echoes what it was sent',
  operationId: 'createPet',
  basis: { source: 'interface', text: '201 | Pet' },
  writes: true,
  run,
})

const twoCalls = scenario(async ({ client, assert }) => {
  await client.call('createPet', {})
  await client.call('createPet', {})
  assert(true, { message: 'echoed' })
})

it('runs a check once more when a reset took one of its requests, and judges it on the second attempt', async () => {
  const session = sessionAnswering(['answer', 'reset', 'answer', 'answer'])
  const result = await runScenario(twoCalls, session)
  expect(result.outcome).toBe('passed')
  expect(result.attempts).toBe(2)
  expect(result.unanswered).toEqual([expect.objectContaining({ method: 'POST', kind: 'closed' })])
  expect(session.calls()).toBe(4)
})

it('leaves a check unjudged when the second attempt loses a request too', async () => {
  const result = await runScenario(twoCalls, sessionAnswering(['reset', 'answer', 'reset']))
  expect(result.outcome).toBe('error')
  expect(result.attempts).toBe(2)
  expect(result.unanswered).toHaveLength(2)
})

it('does not run a check again once the target is halted', async () => {
  const session = sessionAnswering(['reset', 'answer', 'answer'])
  const result = await runScenario(twoCalls, session, { again: () => false })
  expect(result.outcome).toBe('error')
  expect(result.attempts).toBeUndefined()
  expect(session.calls()).toBe(1)
})

it('keeps a defect found before a reset: the check fails and is not run again', async () => {
  const failsThenLoses = scenario(async ({ client, assert }) => {
    assert(false, { message: 'the name came back changed' })
    await client.call('createPet', {})
  })
  const session = sessionAnswering(['reset', 'answer'])
  const result = await runScenario(failsThenLoses, session)
  expect(result.outcome).toBe('failed')
  expect(session.calls()).toBe(1)
})
