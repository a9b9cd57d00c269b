import { expect, it } from 'vitest'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { openSession } from '../../contract-tests/run/open-session.ts'
import { notRunReason, runContract } from '../../contract-tests/run/run-contract.ts'
import { interfaceSays } from '../../contract-tests/shared/citations.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'

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

const reset = () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }))

/** How many requests the setup sends to a fresh mock: counted, so that no test pins what the spec's resources make. */
async function setupRequests(): Promise<number> {
  const fetch = await mockFetch()
  let sent = 0
  const counting: FetchLike = (input, init) => {
    sent++
    return fetch(input, init)
  }
  const { settled } = await openSession({ ...base, apiKey: developmentApiKey, fetch: counting })
  await settled()
  return sent
}

/**
 * A fetch that cuts off, before any answer, the requests `cut` picks among those sent after the setup (as many
 * requests as it sends to a fresh mock), told the method and how many such requests came so far.
 */
async function afterSetup(fetch: FetchLike, cut: (method: string, sent: number) => boolean): Promise<FetchLike> {
  let setup = await setupRequests()
  let sent = 0
  return (input, init) => {
    const method = init?.method ?? 'GET'
    if (setup > 0) setup--
    else if (cut(method, ++sent)) return reset()
    return fetch(input, init)
  }
}

it('stops a run whose target stops answering: what follows is not run, and it exits 2 saying so', async () => {
  // A few scenarios go through, then the connection drops for good.
  const fetch = await afterSetup(await mockFetch(), (_method, sent) => sent > 10)
  const only = ['auth_required', 'listPets', 'getPet']
  const result = await runContract({ ...base, apiKey: developmentApiKey, fetch, only })
  expect(result.exitCode).toBe(2)
  expect(result.targetError).toMatch(/ECONNRESET.* The target stopped answering: 16 requests in a row got no whole/)
  const halted = result.scenarios.findIndex((scenario) => scenario.reason === result.targetError)
  expect(halted).toBeGreaterThan(0)
  expect(result.scenarios.slice(halted + 1).every((scenario) => scenario.reason === notRunReason)).toBe(true)
  expect(result.scenarios.at(-1)?.outcome).toBe('skipped')
})

it('runs a check that lost a request once more: every check is judged, and the lost request is listed', async () => {
  let posts = 0
  // The first create after the setup is cut off before any answer; a POST is never sent again by the transport.
  const fetch = await afterSetup(await mockFetch(), (method) => method === 'POST' && ++posts === 1)
  const result = await runContract({ ...base, apiKey: developmentApiKey, fetch, only: ['createPet'] })
  expect(result.scenarios.filter((scenario) => scenario.outcome === 'error')).toEqual([])
  const again = result.scenarios.filter((scenario) => scenario.attempts === 2)
  expect(again).toHaveLength(1)
  expect(again[0]?.outcome).toBe('passed')
  expect(again[0]?.unanswered).toMatchObject([{ method: 'POST', kind: 'closed' }])
  expect(again[0]?.unanswered?.[0]?.reason).toMatch(
    /^No answer to POST http:\/\/petstore.test\/v1\/pets \(a body of \d+ bytes\): the /,
  )
  expect(result.exitCode).toBe(0)
  expect(result.verdictNote).toBeUndefined()
  expect(posts).toBeGreaterThan(5)
})

it('sends a GET again once when its connection failed before any answer', async () => {
  const fetch = await mockFetch()
  const lists: Array<string> = []
  const flaky: FetchLike = (input, init) => {
    if (init?.method === 'GET') lists.push(input)
    return lists.length === 1 && init?.method === 'GET' ? reset() : fetch(input, init)
  }
  const result = await runContract({ ...base, apiKey: developmentApiKey, fetch: flaky, only: ['list_default_limit'] })
  expect(lists[1]).toBe(lists[0])
  expect(result.exitCode).toBe(0)
  expect(result.verdictNote).toBeUndefined()
  expect(result.scenarios.every((scenario) => scenario.outcome === 'passed')).toBe(true)
})

it('gives no verdict when more than 10% of the checks that ran could not be judged', async () => {
  // Every create after the setup is cut off, but GETs between them keep the run going.
  const fetch = await afterSetup(await mockFetch(), (method) => method === 'POST')
  const result = await runContract({ ...base, apiKey: developmentApiKey, fetch, only: ['createPet'] })
  expect(result.exitCode).toBe(2)
  expect(result.targetError).toMatch(/^Too little was judged: \d+ of \d+ checks could not be judged, more than 10%/)
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

it('runs a scenario that must observe the store alone: no other check in flight at any concurrency', async () => {
  const spans: Array<{ check: string; start: number; end: number }> = []
  const timed = (check: string, flags: { writes: boolean; explores?: boolean; alone?: boolean }) => ({
    check,
    title: check,
    operationId: 'listPets' as const,
    basis: interfaceSays.limit,
    ...flags,
    async run() {
      const start = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 30))
      spans.push({ check, start, end: performance.now() })
    },
  })
  const scenarios = [
    timed('explorer', { writes: true, explores: true }),
    timed('alone', { writes: true, alone: true }),
    timed('writer-1', { writes: true }),
    timed('writer-2', { writes: true }),
    timed('reader', { writes: false }),
  ]
  const result = await runContract({
    ...base,
    apiKey: developmentApiKey,
    fetch: await mockFetch(),
    scenarios,
    explore: { concurrency: 8 },
  })
  expect(result.scenarios.map((scenario) => scenario.check)).toEqual(scenarios.map(({ check }) => check))
  const alone = spans.find(({ check }) => check === 'alone')
  const overlapping = spans.filter(
    ({ check, start, end }) => check !== 'alone' && alone && start < alone.end && end > alone.start,
  )
  expect(overlapping.map(({ check }) => check)).toEqual([])
  expect(spans.at(-1)?.check, 'the exploring checks come last').toBe('explorer')
})
