import { expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/development-api-key.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import type { FetchLike } from '../client/contract-client.ts'
import { notRunReason, runContract } from './run-contract.ts'

const base = { targetName: 'mock', baseUrl: 'http://petstore.test/v1', messagesBaseUrl: 'http://petstore.test' }

async function mockFetch(): Promise<FetchLike> {
  return (await createPetStoreMock()).fetch
}

it('runs only the scenarios --only names, in order', async () => {
  const result = await runContract({ ...base, apiKey: developmentApiKey, fetch: await mockFetch(), only: ['getPet'] })
  expect(result.scenarios.map((scenario) => scenario.operationId)).toEqual(result.scenarios.map(() => 'getPet'))
  expect(result.scenarios.length).toBeGreaterThan(0)
  expect(result.exitCode).toBe(0)
})

it('marks every scenario after a target error as skipped, and exits 2', async () => {
  const fetch = await mockFetch()
  let calls = 0
  const failing: FetchLike = (input, init) => {
    calls++
    // Setup and a few scenarios go through, then the connection drops for good.
    if (calls > 20)
      return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }))
    return fetch(input, init)
  }
  const result = await runContract({ ...base, apiKey: developmentApiKey, fetch: failing, only: ['auth_required'] })
  const outcomes = result.scenarios.map((scenario) => scenario.outcome)
  const firstError = outcomes.indexOf('error')
  expect(firstError).toBeGreaterThan(0)
  expect(outcomes.slice(firstError + 1).every((outcome) => outcome === 'skipped')).toBe(true)
  expect(result.scenarios.at(-1)?.reason).toBe(notRunReason)
  expect(result.exitCode).toBe(2)
})

it('counts unsafe requests and redacts the key from the whole result', async () => {
  const mock = await createPetStoreMock({ apiKeys: ['orchestrator-secret-key'] })
  const echoing: FetchLike = async (input, init) => {
    const response = await mock.fetch(input, init)
    // A target that echoes the credential in a header: the result must not carry it.
    const headers = new Headers(response.headers)
    headers.set('x-echo', String(new Headers(init?.headers).get('authorization')))
    return new Response(response.body, { status: response.status, headers })
  }
  const result = await runContract({ ...base, apiKey: 'orchestrator-secret-key', fetch: echoing, only: ['createPet'] })
  expect(result.unsafeRequestsSent).toBeGreaterThan(0)
  expect(JSON.stringify(result)).not.toContain('orchestrator-secret-key')
})

it('lists a deviation as a warning by default and fails the run on it with strict', async () => {
  const mock = await createPetStoreMock()
  // Answers POST /messages with 201 where the spec answers 202: allowed by the interface.
  const created: FetchLike = async (input, init) => {
    const response = await mock.fetch(input, init)
    return response.status === 202 ? new Response(response.body, { status: 201, headers: response.headers }) : response
  }
  const options = { ...base, apiKey: developmentApiKey, fetch: created, only: ['message_queued'] }
  const lenient = await runContract(options)
  expect(lenient).toMatchObject({ exitCode: 0, strict: false, findings: { violations: 0, deviations: 1 } })
  expect(lenient.scenarios[0]?.assertions.find((result) => result.outcome === 'warning')).toMatchObject({
    level: 'deviation',
    basis: { source: 'x-mock-behaviour' },
  })
  await mock.reset()
  const strict = await runContract({ ...options, strict: true })
  expect(strict).toMatchObject({ exitCode: 1, strict: true, findings: { violations: 0, deviations: 1 } })
  expect(strict.scenarios[0]?.outcome).toBe('failed')
})
